#!/usr/bin/python3
"""`fftscope-cli plan --source` prints every program a plan builds, and FFTSCOPE_PRINT_KERNELS=1
prints each program on stderr as a command builds it. Checked here: every kernel a plan lists is
defined in a printed program of its file, each program's build options are the pass's (radix,
points, precision, sign), the text and JSON forms agree, a real plan on a GPU's limits reads its
columns in place with no transpose, and the programs `fft` builds on this device are exactly
those `plan --source` prints for the same transform.
Usage: cli_plan_source.py PATH/TO/fftscope-cli"""
import json
import os
import re
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

quiet = {k: v for k, v in os.environ.items() if k != "FFTSCOPE_PRINT_KERNELS"}
run = runner(sys.argv[1], quiet)
checks = Checks()
check = checks.check
work = tempfile.mkdtemp(prefix="fftscope_source_")
GPU = ["--gpu-limits", "48,1024"]


def defines(source, kernel):
    return re.search(r"__kernel\b[^;{]*\b" + re.escape(kernel) + r"\s*\(", source) is not None


def plan_json(*args):
    r = run("plan", *args, "--json", "--source")
    check(f"plan {' '.join(args)} --json --source exits 0", r.returncode == 0, r)
    return json.loads(r.stdout) if r.returncode == 0 else None


def text_programs(stdout):
    """[(file, launches, options, source)] from the text form."""
    heads = list(re.finditer(r"^// ==== program \d+: kernels/(\S+) \(after common\.cl\) for launch ([0-9, ]+)\n"
                             r"// build options: (.*)\n", stdout, re.M))
    return [(h.group(1), h.group(2), h.group(3), stdout[h.end():heads[i + 1].start() if i + 1 < len(heads) else None])
            for i, h in enumerate(heads)]


def check_plan(args, expect_options):
    """Every launch's kernel is defined in its program, each program once, options as expected."""
    doc = plan_json(*args)
    if not doc:
        return None
    programs = doc["programs"]
    check(f"{args}: programs are printed", len(programs) > 0)
    check(f"{args}: each program once", len({(p["file"], p["options"]) for p in programs}) == len(programs))
    used = set()
    for i, p in enumerate(doc["passes"]):
        mine = [q for q in programs if str(i) in q["passes"].split(", ")]
        check(f"{args}: launch {i} ({p['label']}) has one program", len(mine) == 1)
        if len(mine) == 1:
            used.add(id(mine[0]))
            check(f"{args}: {mine[0]['file']} defines {p['kernel']} for launch {i}",
                  defines(mine[0]["source"], p["kernel"]))
            check(f"{args}: common.cl comes first in {mine[0]['file']}", "#define TWIDDLE_TABLE" in mine[0]["source"])
    check(f"{args}: every program serves a launch", len(used) == len(programs))
    for needle in expect_options:
        check(f"{args}: some program is built with {needle!r}", any(needle in p["options"] for p in programs))
    # The text form prints the same programs.
    r = run("plan", *args, "--source")
    check(f"plan {' '.join(args)} --source exits 0", r.returncode == 0, r)
    printed = text_programs(r.stdout)
    check(f"{args}: text and JSON list the same programs",
          [(f, o) for f, _, o, _ in printed] == [(p["file"], p["options"]) for p in programs])
    check(f"{args}: text and JSON print the same source",
          all(s.strip() == p["source"].strip() for (_, _, _, s), p in zip(printed, programs)))
    return doc


# A complex 1D plan on this device, a 2D one on a GPU's limits (grouped passes), f64 and inverse.
check_plan(["--size", "1024"], ["-D FFT_SIGN=-1"])
doc = check_plan(["--size", "4096", "--rows", "4096", *GPU], ["-D POINTS=4096", "-D COLUMNS=1"])
if doc:
    check("2D 4096^2 on a GPU: grouped passes only", all(p["kernel"] == "grouped_fft" for p in doc["passes"]))
check_plan(["--size", "1000", "--precision", "f64", "--inverse"], ["-D DOUBLE_PRECISION", "-D FFT_SIGN=1"])
check_plan(["--size", "97"], ["-D FFT_SIGN=-1"])  # Bluestein: bluestein.cl beside the FFT's passes

# Real plans: R2C and C2R 4096^2 on a GPU's limits read the columns in place and (un)tangle in the
# rows' grouped pass, so real.cl is not built; the r16 variant keeps its transposes and real.cl.
for inverse in ([], ["--inverse"]):
    args = ["--size", "4096", "--rows", "4096", "--real", *GPU, *inverse]
    doc = check_plan(args, ["-D POINTS=2048", "-D COLUMNS=1", "-D TANGLE_IN=1" if inverse else "-D UNTANGLE_OUT=1"])
    if doc:
        kernels = [p["kernel"] for p in doc["passes"]]
        check(f"{args}: three grouped passes, no transpose, no real.cl kernel", kernels == ["grouped_fft"] * 3)
        check(f"{args}: real.cl is not built", all(p["file"] != "real.cl" for p in doc["programs"]))
        check(f"{args}: real and launches in JSON", doc["real"] is True and doc["launches"] == len(doc["passes"]))
        check(f"{args}: bytes are the launches' sum",
              doc["bytes"] == sum(p["bytes_read"] + p["bytes_written"] for p in doc["passes"]))
for inverse in ([], ["--inverse"]):
    args = ["--size", "4096", "--rows", "4096", "--real", *GPU, "--variant", "r16", *inverse]
    doc = check_plan(args, ["-D RADIX=16"])
    if doc:
        kernels = [p["kernel"] for p in doc["passes"]]
        check(f"{args}: real r16 keeps its two transposes", kernels.count("transpose") == 2)
        check(f"{args}: the untangling kernel", ("c2r_tangle" if inverse else "r2c_untangle") in kernels)
        check(f"{args}: real.cl is printed", any(p["file"] == "real.cl" for p in doc["programs"]))
r = run("plan", "--size", "64", "--real", "--graph")
check("--graph with --real is refused, naming --real", r.returncode != 0 and "--real" in r.stderr, r)
r = run("plan", "--size", "64", "--gpu-limits", "48")
check("--gpu-limits takes two numbers", r.returncode != 0 and "--gpu-limits" in r.stderr, r)

# No printing unless asked.
r = run("plan", "--size", "64")
check("plan alone prints no source", r.returncode == 0 and "// ====" not in r.stdout and "// ----" not in r.stderr, r)


def built(stderr):
    """{(file, options)} that FFTSCOPE_PRINT_KERNELS=1 printed, with their sources."""
    found = {}
    for m in re.finditer(r"^// ---- kernels/(\S+) \(after common\.cl\) built on [^\n]* with: ([^\n]*)\n(.*?)^// ---- end of \1\n",
                         stderr, re.M | re.S):
        found[(m.group(1), m.group(2))] = m.group(3)
    return found


# What `fft` builds on this device is what `plan --source` says, for a complex and a real plan.
has_device = run("devices").returncode == 0 and "max work-group" in run("devices").stdout
rng = np.random.default_rng(5)
cases = [
    (["--size", "48", "--rows", "64", "--precision", "f64"], ["--2d"],
     (rng.random((64, 48)) - 0.5 + 1j * (rng.random((64, 48)) - 0.5)).astype(np.complex128)),
    (["--size", "50", "--rows", "12", "--real"], ["--2d", "--real"], (rng.random((12, 50)) - 0.5).astype(np.float32)),
]
for plan_args, fft_args, x in cases if has_device else []:
    src, dst = os.path.join(work, "in.npy"), os.path.join(work, "out.npy")
    np.save(src, x)
    r = run("fft", "--in", src, "--out", dst, *fft_args, env={"FFTSCOPE_PRINT_KERNELS": "1"})
    check(f"fft {fft_args} with FFTSCOPE_PRINT_KERNELS=1 exits 0", r.returncode == 0, r)
    printed = built(r.stderr)
    check(f"fft {fft_args}: the programs go to stderr, not stdout", "// ----" not in r.stdout)
    doc = plan_json(*plan_args)
    if doc and r.returncode == 0:
        want = {(p["file"], p["options"]): p["source"] for p in doc["programs"]}
        check(f"fft {fft_args} builds the programs plan --source prints", set(printed) == set(want),
              f"built {sorted(printed)}, planned {sorted(want)}")
        check(f"fft {fft_args}: the same source",
              all(printed[k].strip() == want[k].strip() for k in set(printed) & set(want)))
    r = run("fft", "--in", src, "--out", dst, *fft_args)
    check(f"fft {fft_args} prints no program unless asked", r.returncode == 0 and "// ----" not in r.stderr, r)

checks.finish()
