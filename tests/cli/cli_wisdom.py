#!/usr/bin/python3
"""fftscope-cli's planner from the command line: `plan` lists the candidates and why one was
chosen; --plan measure times them and stores the winner in the wisdom file (the user's cache
folder by default, --wisdom FILE otherwise); a second run takes it from there without measuring;
a corrupt, truncated, huge or foreign wisdom file is named with its problem, ignored and never
written over; a wisdom file that cannot be written leaves nothing behind; `wisdom` lists and forgets.
Usage: cli_wisdom.py PATH/TO/fftscope-cli"""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

cli = sys.argv[1]
work = tempfile.mkdtemp(prefix="fftscope_cli_wisdom_")
cache = os.path.join(work, "cache")
checks = Checks()
expect = checks.check
run = runner(cli, dict(os.environ, XDG_CACHE_HOME=cache))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def leftovers(folder, keep):
    return sorted(set(os.listdir(folder)) - set(keep))


# Estimate: the candidates with their launches, bytes and costs, cheapest first, auto's among them.
r = run("plan", "--size", "1024", "--json")
doc = json.loads(r.stdout) if r.returncode == 0 else {}
candidates = doc.get("candidates", [])
costs = [c["cost"] for c in candidates]
expect("plan --json lists candidates cheapest first", r.returncode == 0 and len(candidates) >= 4 and costs == sorted(costs), r)
expect("plan --json: auto's estimate once, chosen by estimate",
       sum(c["auto_estimate"] for c in candidates) == 1 and doc.get("source") == "estimate"
       and doc.get("chosen") == candidates[0]["name"] and doc.get("passes"), r)
expect("plan --json: the chosen plan's passes are the launches listed",
       candidates and [p["label"] for p in doc.get("passes", [])] == candidates[0]["passes"], r)
r = run("plan", "--size", "64", "--rows", "64")
expect("plan prints the candidates and why one was chosen",
       r.returncode == 0 and "candidates, cheapest estimate first" in r.stdout and "local/tiled" in r.stdout
       and "local/none" in r.stdout and "chosen by estimate: " in r.stdout and "auto's estimate" in r.stdout, r)
expect("plan keeps its launch list", "kernel launches" in r.stdout and "transpose tiled 64x64" in r.stdout, r)

# Measure: into the user's cache folder ($XDG_CACHE_HOME/fftscope/wisdom.json).
default_file = os.path.join(cache, "fftscope", "wisdom.json")
r = run("plan", "--size", "256", "--plan", "measure")
expect("plan --plan measure measures and says where the winner went",
       r.returncode == 0 and "measuring" in r.stderr and "stored in " + default_file in r.stderr
       and "chosen by measured: " in r.stdout, r)
stored = json.loads(read(default_file)) if os.path.exists(default_file) else {}
entries = stored.get("entries", [])
expect("the wisdom file holds the winner of that description",
       stored.get("format") == "fftscope-wisdom" and len(entries) == 1 and entries[0]["cols"] == 256
       and entries[0]["candidate"] in {c["name"] for c in candidates} | {"local", "r16", "r8", "r4", "r2", "grouped"})
expect("no temporary file beside it", leftovers(os.path.dirname(default_file), ["wisdom.json"]) == [])

# A second run, in estimate or in measure mode, takes it without measuring.
for mode in ("estimate", "measure"):
    r = run("plan", "--size", "256", "--plan", mode, "--json")
    doc = json.loads(r.stdout) if r.returncode == 0 else {}
    expect(f"--plan {mode} again: from wisdom, nothing measured",
           doc.get("source") == "wisdom" and doc.get("chosen") == entries[0]["candidate"] and "measuring" not in r.stderr
           and doc.get("wisdom") == default_file, r)
    timed = [c for c in doc.get("candidates", []) if c["measured_ms"] is not None]
    expect(f"--plan {mode} again: the measured times are shown", len(timed) >= 2, r)

# fft takes the stored plan too, and says so.
numbers = os.path.join(work, "x.npy")
with open(numbers, "wb") as f:
    header = b"{'descr': '<c8', 'fortran_order': False, 'shape': (256,), }"
    header += b" " * (127 - 10 - len(header)) + b"\n"
    f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header + bytes(8 * 256))
r = run("fft", "--in", numbers, "--out", os.path.join(work, "y.npy"))
expect("fft takes the stored plan and says so", r.returncode == 0 and "stored wisdom" in r.stderr, r)

# --wisdom FILE: another file; bench's auto measures into it.
other = os.path.join(work, "other", "w.json")
r = run("bench", "--variants", "auto", "--sizes", "128", "--batch", "2", "--repeat", "2", "--warmup", "1",
        "--plan", "measure", "--wisdom", other)
expect("bench --plan measure --wisdom FILE stores there", r.returncode == 0 and os.path.exists(other)
       and "measuring" in r.stderr, r)
r = run("wisdom", "--list", "--wisdom", other)
expect("wisdom --list names the entry", r.returncode == 0 and "1 measured plan" in r.stdout and "1D 128 x2 f32" in r.stdout, r)

# Bad files: named with their problem, ignored, never written over.
bad_files = {
    "corrupt.json": (b"{\"format\": \"fftscope-wisdom\", \"version\": 1, \"entries\": [ {\"dev", "not valid JSON"),
    "foreign.json": (b"{\"theme\": \"dark\", \"recent\": []}\n", "not a wisdom file"),
    "newer.json": (b"{\"format\": \"fftscope-wisdom\", \"version\": 9, \"entries\": []}", "wisdom format version 9"),
    # A version nested 100,000 deep: refused while parsing, never printed (printing recurses).
    "deep.json": (b"{\"format\": \"fftscope-wisdom\", \"version\": " + b"[" * 100000 + b"]" * 100000 +
                  b", \"entries\": []}", "nested more than 8 levels deep"),
}
for name, (content, problem) in bad_files.items():
    path = os.path.join(work, name)
    with open(path, "wb") as f:
        f.write(content)
    r = run("plan", "--size", "512", "--plan", "measure", "--wisdom", path)
    expect(f"{name}: a warning naming the file and the problem, then the plan is made",
           r.returncode == 0 and f"ignoring the wisdom file {path}: {problem}" in r.stderr
           and "not writing over" in r.stderr and "chosen by measured" in r.stdout, r)
    expect(f"{name}: left as it was", read(path) == content)
    r = run("wisdom", "--clear", "--wisdom", path)
    expect(f"{name}: wisdom --clear refuses it", r.returncode == 2 and problem in r.stderr and os.path.exists(path), r)
huge = os.path.join(work, "huge.json")
with open(huge, "wb") as f:
    f.truncate(3 << 30)  # sparse
r = run("plan", "--size", "512", "--wisdom", huge, timeout=30)
expect("a huge file is refused without reading it", r.returncode == 0 and "larger than 1048576 bytes" in r.stderr, r)
r = run("plan", "--size", "512", "--wisdom", "/dev/zero", timeout=30)
expect("a device file is refused", r.returncode == 0 and "not a regular file" in r.stderr, r)

# A wisdom file that cannot be written: the plan is still made; nothing is left behind.
blocker = os.path.join(work, "blocker")
with open(blocker, "w") as f:
    f.write("a file where a folder would be")
r = run("plan", "--size", "512", "--plan", "measure", "--wisdom", os.path.join(blocker, "w.json"))
expect("an unwritable wisdom file: a warning, the measured plan still used",
       r.returncode == 0 and "not stored" in r.stderr and "chosen by measured" in r.stdout, r)
taken = os.path.join(work, "taken")
os.mkdir(taken)
r = run("plan", "--size", "512", "--plan", "measure", "--wisdom", taken)
expect("a folder as wisdom file: named, left empty", r.returncode == 0 and "not a regular file" in r.stderr
       and os.listdir(taken) == [], r)
expect("no temporary files anywhere", leftovers(work, ["cache", "x.npy", "y.npy", "other", "corrupt.json", "foreign.json",
                                                     "newer.json", "deep.json", "huge.json", "blocker", "taken"]) == [])

# Forgetting: the default file goes, and the next run estimates again.
r = run("wisdom", "--clear")
expect("wisdom --clear forgets", r.returncode == 0 and "forgot 1 measured plan" in r.stdout
       and not os.path.exists(default_file), r)
r = run("plan", "--size", "256", "--json")
expect("after --clear: estimate again", r.returncode == 0 and json.loads(r.stdout).get("source") == "estimate", r)
r = run("plan", "--size", "256", "--plan", "fast")
expect("--plan takes estimate or measure", r.returncode == 2 and "--plan" in r.stderr, r)

checks.finish()
