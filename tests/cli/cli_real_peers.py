#!/usr/bin/python3
"""fftscope-cli bench-real --peers: VkFFT's and clFFT's real transforms (R2C and C2R) are checked
against FFTW before they are timed, each verified peer gets a time and a ratio to the engine's on
its transform's line, a size clFFT does not take is said and not timed, a wrong result (planted)
is flagged with no time, and an unknown peer is refused. Times themselves are not judged.
Usage: cli_real_peers.py PATH/TO/fftscope-cli"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

cli = sys.argv[1]
checks = Checks()
expect = checks.check
PEERS = ("vkfft", "clfft")
TRANSFORMS = ("R2C", "C2R")
NUMBER = r"[0-9.eE+-]+"


run = runner(cli)


def table(stdout):
    """{transform: {"engine": ms, peer: ms or the text in its place, peer + "/engine": ratio or text}}."""
    lines = stdout.splitlines()
    heads = [i for i, line in enumerate(lines) if line.split()[:2] == ["transform", "engine"]]
    if len(heads) != 1:
        return {}
    columns = [c for c in lines[heads[0]].split()[3:] if c != "ms"]  # "vkfft ms" is the column vkfft
    rows = {}
    for line in lines[heads[0] + 1:heads[0] + 1 + len(TRANSFORMS)]:
        cells = line.split()
        if len(cells) != 2 + len(columns):
            return {}
        row = {"engine": float(cells[1])}
        for column, cell in zip(columns, cells[2:]):
            try:
                row[column] = float(cell)
            except ValueError:
                row[column] = cell
        rows[cells[0]] = row
    return rows


def outcome(stdout, peer, transform):
    """("verified", error, gate), ("WRONG", message) or ("not run", message); None when missing."""
    m = re.search(rf"^{peer} {transform}: L2 error vs FFTW ({NUMBER}) \(gate ({NUMBER})\): verified", stdout, re.M)
    if m:
        return ("verified", float(m.group(1)), float(m.group(2)))
    m = re.search(rf"^{peer} {transform}: (WRONG, not timed|not run): (.*)$", stdout, re.M)
    return (m.group(1).split(",")[0], m.group(2)) if m else None


def check_case(args, declined=(), wrong=(), env=None):
    """Every peer verified within its gate and timed, except those declined or planted wrong."""
    r = run("bench-real", *args, "--peers", ",".join(PEERS), "--repeat", "2", env=env)
    name = "bench-real " + " ".join(args) + (f" {env}" if env else "")
    expect(f"{name}: the engine passes", r.returncode == 0 and ": pass" in r.stdout, r)
    rows = table(r.stdout)
    expect(f"{name}: a line per transform with every peer", sorted(rows) == sorted(TRANSFORMS)
           and all(p in row and f"{p}/engine" in row for row in rows.values() for p in PEERS), r)
    for peer in PEERS:
        for transform in TRANSFORMS:
            got = outcome(r.stdout, peer, transform)
            row = rows.get(transform, {})
            cell, ratio = row.get(peer), row.get(f"{peer}/engine")
            if peer in wrong:
                expect(f"{name}: {peer} {transform} flagged wrong, untimed",
                       got is not None and got[0] == "WRONG" and "differs from FFTW" in got[1]
                       and cell == "WRONG" and ratio == "-", r)
            elif peer in declined:
                expect(f"{name}: {peer} {transform} not run, saying why",
                       got is not None and got[0] == "not run" and "2^a 3^b 5^c 7^d" in got[1]
                       and cell == "-" and ratio == "-", r)
            else:
                expect(f"{name}: {peer} {transform} verified within its gate",
                       got is not None and got[0] == "verified" and 0 < got[1] <= got[2], r)
                ok = isinstance(cell, float) and cell > 0 and isinstance(ratio, float)
                expect(f"{name}: {peer} {transform} timed, its ratio that of its time to the engine's",
                       ok and abs(ratio - cell / row["engine"]) <= 0.006 + 0.005 * ratio, r)


check_case(["--size", "64x48"])
check_case(["--size", "1000", "--batch", "3", "--precision", "f64"])
check_case(["--size", "4096"])
check_case(["--size", "37x64"], declined=("clfft",))
check_case(["--size", "64x48"], wrong=("vkfft",), env={"FFTSCOPE_BENCH_PLANT_ERROR": "vkfft"})
check_case(["--size", "1000"], wrong=("clfft",), env={"FFTSCOPE_BENCH_PLANT_ERROR": "clfft"})

# An unknown peer (FFTW has no real peer here): refused before anything runs, the name in the message.
r = run("bench-real", "--size", "64", "--peers", "vkfft,fftw", timeout=30)
expect("bench-real --peers vkfft,fftw refused", r.returncode == 2 and "fftw" in r.stderr and not r.stdout, r)
# Without --peers, no peer table.
r = run("bench-real", "--size", "64", "--repeat", "1")
expect("bench-real without --peers: no peer lines", r.returncode == 0 and not table(r.stdout)
       and not re.search(r"^(vkfft|clfft) ", r.stdout, re.M), r)

checks.finish()
