#!/usr/bin/python3
"""fftscope-cli's answers to bad options (a message naming the option and its range, exit 2,
never a crash), --help on every command, bench --json printing only JSON even when a case fails,
result files, and .npy files refused from their header before their data is read.
Usage: cli_options_and_json.py PATH/TO/fftscope-cli PATH/TO/tests/data"""
import json
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402
import tempfile
import time

cli, data = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp(prefix="fftscope_cli_options_")
checks = Checks()
expect = checks.check
run = runner(cli, timeout=120)


def refused(args, *needles):
    """The command exits 2 (not a signal) and its message holds every needle."""
    r = run(*args, timeout=30)
    expect(" ".join(args), r.returncode == 2 and all(n in r.stderr for n in needles), r)


# Numbers: whole, in range, named with their range. These three crashed or wrapped around before.
refused(["bench", "--sizes", "64", "--variant", "r2", "--repeat", "0"], "--repeat", "from 1 to 1000000", "'0'")
refused(["bench", "--sizes", "64", "--variant", "r2", "--repeat", "-3"], "--repeat", "'-3'")
refused(["bench-filter", "--size", "64x64", "--repeat", "0"], "--repeat", "from 1 to 1000000")
refused(["verify", "--max-log2", "4294967312"], "--max-log2", "from 1 to 26", "4294967312")
refused(["plan", "--size", "-1"], "--size", "from 1 to 1073741824", "'-1'")
refused(["plan", "--size", "18446744073709551615"], "--size", "from 1 to 1073741824")
for text in ("1.5", "1e3", "nan", "inf", "", "12abc", " 64"):
    refused(["plan", "--size", text], "--size", "whole number")
refused(["plan", "--size", "64", "--rows", "0"], "--rows", "from 1")
refused(["bench", "--warmup", "-1"], "--warmup", "from 0 to 10000")
refused(["bench", "--batch", "0"], "--batch", "from 1")
refused(["bench", "--batch", "4", "--points", "1024"], "excludes")
refused(["bench-filter", "--planes", "5"], "--planes", "from 1 to 4")
refused(["bench-filter", "--size", "64x-4"], "--size", "ROWSxCOLS")
refused(["bench-filter", "--path", "gpu"], "--path", "device", "host-mask")
refused(["bench-filter", "--range", "auto"], "--range", "stretch")
refused(["bench-filter", "--bit-depth", "12"], "--bit-depth", "16")
refused(["bench", "--sizes", "1000..4096"], "--sizes", "powers of two")
refused(["bench", "--sizes", "2^8..2^40"], "--sizes", "2^30")
refused(["bench", "--sizes", "2^9..2^8"], "--sizes", "backwards")
refused(["bench", "--variants", "r2,r32"], "--variants", "accepted: r2, r4, r8, r16, local, auto")
refused(["bench", "--variants", "r2/fast"], "neither a twiddle")
refused(["bench", "--peers", "cufft"], "--peers", "accepted: clfft, vkfft, fftw, all")
refused(["verify", "--dims", "3d"], "--dims")
refused(["verify", "--sizes", "2053,0"], "--sizes")
refused(["plan", "--size", "64", "--grouped", "maybe"], "--grouped", "on")
refused(["plan", "--size", "64", "--local-mem", "12"], "--local-mem", "from 1024")
refused(["plan", "--size", "64", "--batch", "0"], "--batch", "from 1")
refused(["fft", "--in", "x.npy"], "--out", "required")
refused(["bench", "--no-such-option"], "no-such-option")

# Another device's limits: a prime planned as a GPU would, by Rader's algorithm over 65536 points
# (the gather and the filter in the FFTs, X put in order by a pass of its own, or scattered by the
# last FFT pass with FFTSCOPE_RADER_PERMUTE=0), or with Rader's off by Bluestein's.
gpu = ("--local-mem", "49152", "--max-work-group", "1024", "--grouped", "on")
r = run("plan", "--size", "65537", "--batch", "255", *gpu)
expect("plan 65537 x 255 as a GPU: Rader's, 3 grouped launches over 65536 points, the FFTs meeting, then the permutation",
       r.returncode == 0 and "4 kernel launches" in r.stdout and "+gather n=65537" in r.stdout and
       "+filter +p=1" in r.stdout and "rader_permute n=65537 m=65536 rows=255 pairs" in r.stdout and
       "+scatter" not in r.stdout and "Rader over n - 1 = 65536" in r.stdout and
       "X put in order by a pass of its own" in r.stdout and
       "the FFTs meeting in one launch" in r.stdout and " n=65536 " in r.stdout and "chirp" not in r.stdout, r)
r = run("plan", "--size", "65537", "--batch", "255", *gpu, env={"FFTSCOPE_RADER_PERMUTE": "0"})
expect("plan 65537 x 255 as a GPU, FFTSCOPE_RADER_PERMUTE=0: the scatter in the last of 3 launches",
       r.returncode == 0 and "3 kernel launches" in r.stdout and "+scatter n=65537" in r.stdout and
       "rader_permute" not in r.stdout, r)
r = run("plan", "--size", "65537", "--batch", "255", *gpu, env={"FFTSCOPE_RADER": "0"})
expect("plan 65537 x 255 as a GPU, FFTSCOPE_RADER=0: 3 grouped launches over M < 2^18, the chirps folded in",
       r.returncode == 0 and "3 kernel launches" in r.stdout and "+chirp-in n=65537" in r.stdout and
       "+filter +p=1" in r.stdout and "+chirp-out n=65537" in r.stdout and "M = 262144:" in r.stdout and
       "the FFTs meeting in one launch" in r.stdout and "chirp_pad" not in r.stdout, r)
r = run("plan", "--size", "65537", "--grouped", "off")
expect("plan 65537 without grouped passes keeps the chirp launches",
       r.returncode == 0 and "chirp_pad" in r.stdout and "chirp_unpad" in r.stdout, r)
r = run("verify", "--sizes", "37,5x37", "--variant", "auto", "--twiddle", "table")
expect("verify --sizes checks the lengths and shapes given", r.returncode == 0 and " 37 " in r.stdout and
       "5x37" in r.stdout and "0 failed" in r.stdout, r)

# --help on every command, on stdout, exit 0.
for command in ("devices", "fft", "verify", "plan", "bench", "bench-filter"):
    r = run(command, "--help")
    expect(f"{command} --help", r.returncode == 0 and "Usage" in r.stdout and "--help" in r.stdout, r)
r = run("help")
expect("help: usage on stdout, exit 0", r.returncode == 0 and "bench-filter" in r.stdout, r)
r = run()
expect("no command: usage on stderr, exit 2", r.returncode == 2 and "bench-filter" in r.stderr, r)


def strict_json(text):
    """json.loads that refuses NaN and Infinity, which are not JSON."""
    def bad(name):
        raise ValueError(f"non-JSON constant {name}")
    return json.loads(text, parse_constant=bad)


# bench --json: only JSON on stdout when a case fails; the failed case has its error, no time.
r = run("bench", "--sizes", "32,64", "--variants", "r2,r16", "--peers", "fftw", "--repeat", "2", "--warmup", "1",
        "--points", "256", "--json", env={"FFTSCOPE_BENCH_PLANT_ERROR": "r16"})
try:
    doc = strict_json(r.stdout)
    results = doc["results"]
    by = {(x["variant"], x["shape"][-1]): x for x in results}
    expect("bench --json: six results", len(results) == 6, r)
    for size in (32, 64):
        bad, good, fftw = by[("r16", size)], by[("r2", size)], by[("fftw", size)]
        expect(f"planted r16 {size} not verified, with its error, untimed",
               bad["verified"] is False and "differs from FFTW" in bad["error"] and bad["host_ms"]["median"] is None
               and bad["gflops"] is None and bad["passes"] == [], r)
        expect(f"r2 {size} verified and timed",
               good["verified"] is True and good["host_ms"]["median"] > 0 and good["kernel_ms"]["median"] > 0
               and good["rel_l2"] <= good["l2_gate"] and len(good["passes"]) > 0 and good["batch"] * size == 256, r)
        expect(f"fftw {size} verified, host time only",
               fftw["verified"] is True and fftw["host_ms"]["median"] > 0 and fftw["kernel_ms"]["median"] is None, r)
    expect("bench --json: the failure is said on stderr", "r16 64: output differs from FFTW" in r.stderr, r)
    expect("bench --json: exit 0", r.returncode == 0, r)
except (ValueError, KeyError, TypeError) as e:
    expect(f"bench --json prints only JSON ({e})", False, r)

# --json FILE and --csv FILE: the table on stdout, whole files beside it, no temporary left.
out_json, out_csv = os.path.join(work, "r.json"), os.path.join(work, "r.csv")
with open(out_json, "w") as f:
    f.write("old")
r = run("bench", "--sizes", "2^4..2^5", "--dims", "2d", "--variants", "auto/padded", "--repeat", "1", "--batch", "2",
        "--json", out_json, "--csv", out_csv)
expect("bench --json FILE --csv FILE: exit 0 and a table", r.returncode == 0 and "auto/padded" in r.stdout, r)
try:
    doc = strict_json(open(out_json).read())
    expect("JSON file: 2D squares 16x16 and 32x32, batch 2",
           [x["shape"] for x in doc["results"]] == [[16, 16], [32, 32]] and all(x["batch"] == 2 for x in doc["results"]))
    lines = open(out_csv).read().splitlines()
    expect("CSV file: a header and two rows", lines[0].startswith("device,driver,date,variant") and len(lines) == 3)
except (ValueError, KeyError, OSError) as e:
    expect(f"result files ({e})", False)
expect("no temporary files left", sorted(os.listdir(work)) == ["r.csv", "r.json"])

# bench-filter's two paths: the device path checks its samples against the host's before timing.
for args, needles in ((["--range", "stretch", "--planes", "3"], ["0 more", "new parameter -> 8-bit planes", "map_samples"]),
                      (["--range", "float", "--bit-depth", "16"], ["0 more", "new parameter -> float planes"]),
                      (["--path", "host-mask"], ["new mask -> filtered planes on the host", "of which kernels"])):
    r = run("bench-filter", "--size", "20x24", "--repeat", "2", *args)
    expect(f"bench-filter {' '.join(args)}", r.returncode == 0 and all(n in r.stdout for n in needles), r)
refused(["bench", "--sizes", "16", "--variants", "r2", "--repeat", "1", "--json", "/nonexistent-dir/r.json"],
        "/nonexistent-dir/r.json")

# .npy files: the 30,000-parenthesis header, and a 4 GiB-and-more file (sparse: it takes no disk)
# whose shape the device cannot allocate, refused from its header in well under a second.
refused(["fft", "--in", os.path.join(data, "npy_deep30000.npy"), "--out", os.path.join(work, "o.npy")], "too long")
devices = json.loads(run("devices", "--json").stdout)["devices"]
max_alloc = next((d["max_alloc_bytes"] for d in devices if d["default"]), 2 ** 31)
rows = max_alloc // (8 << 20) + 1  # rows of 2^20 complex64 values: one more than a buffer holds
n = rows << 20
header = "{'descr': '<c8', 'fortran_order': False, 'shape': (%d, %d), }" % (rows, 1 << 20)
header += " " * (-(12 + len(header) + 1) % 64) + "\n"
huge = os.path.join(work, "huge.npy")
with open(huge, "wb") as f:
    f.write(b"\x93NUMPY\x02\x00" + struct.pack("<I", len(header)) + header.encode())
    f.truncate(12 + len(header) + 8 * n)
start = time.monotonic()
r = run("fft", "--in", huge, "--out", os.path.join(work, "huge_out.npy"))
elapsed = time.monotonic() - start
expect(f"huge .npy refused from its header ({elapsed:.1f} s)",
       r.returncode == 2 and elapsed < 5 and ("allocates at most" in r.stderr or "too large for this machine" in r.stderr)
       and not os.path.exists(os.path.join(work, "huge_out.npy")), r)
os.remove(huge)

checks.finish()
