#!/usr/bin/env python3
"""The experiment files and their runner (scripts/experiment.py).

  experiments_run.py SOURCE_DIR FFTSCOPE_CLI

Every experiments/*.json parses and is well formed, and each figure it names is a heading of the
document it names; malformed files are refused with exit status 2; and a small experiment, two
settings by two rounds with a failing verify under one of them, runs end to end on the OpenCL
device through the runner: the files, the index and the archive it writes."""
import json
import os
import re
import shlex
import subprocess
import sys
import tarfile
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from markdown_anchors import anchors  # noqa: E402

source, cli = sys.argv[1], sys.argv[2]
runner = os.path.join(source, "scripts", "experiment.py")
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(*args, **kw):
    return subprocess.run([sys.executable, runner, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, **kw)


folder = os.path.join(source, "experiments")
files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json"))
check(len(files) >= 6, f"experiments/ holds {len(files)} experiment files")
done = run("--check", *files)
check(done.returncode == 0, f"--check of experiments/*.json: {done.stdout}")
for path in files:
    exp = json.load(open(path, encoding="utf-8"))
    check(exp.get("figures"), f"{path} names no figure")
    for figure in exp.get("figures", []):
        doc, _, anchor = figure.partition("#")
        doc_path = os.path.join(source, doc)
        check(os.path.isfile(doc_path), f"{path}: figure {figure}: no {doc}")
        if os.path.isfile(doc_path) and anchor:
            check(anchor in anchors(open(doc_path, encoding="utf-8").read()),
                  f"{path}: figure {figure}: no such heading in {doc}")

# Every setting an experiment varies is a name the program's sources read, so that an experiment
# cannot time a setting that no code looks at.
sources = ""
for top in ("core", "app"):
    for folder_, _, names in os.walk(os.path.join(source, top)):
        for n in names:
            if n.endswith((".cpp", ".h")):
                sources += open(os.path.join(folder_, n), encoding="utf-8", errors="replace").read()
for path in files:
    for setting in json.load(open(path, encoding="utf-8")).get("settings", {}):
        short = setting[len("FFTSCOPE_"):]  # a registry may name it without the prefix
        check(f'"{setting}"' in sources or f'"{short}"' in sources,
              f"{os.path.basename(path)}: no source reads the setting {setting}")

# Every option a run names is one its command's --help lists, so that a misspelt option fails
# here and not after a GPU machine has been started.
helps = {}
for path in files:
    for run_ in json.load(open(path, encoding="utf-8"))["runs"]:
        words = shlex.split(run_["command"])
        if words[0] not in helps:
            helps[words[0]] = subprocess.run([cli, words[0], "--help"], stdout=subprocess.PIPE,
                                             stderr=subprocess.STDOUT, text=True).stdout
        for option in (w.split("=")[0] for w in words[1:] if w.startswith("--")):
            check(re.search(re.escape(option) + r"\b", helps[words[0]]),
                  f"{os.path.basename(path)}: run '{run_['name']}': {words[0]} takes no {option}")

with tempfile.TemporaryDirectory() as tmp:
    bad = {
        "unknown key": {"description": "d", "runs": [{"name": "a", "command": "devices"}], "extra": 1},
        "no runs": {"description": "d", "runs": []},
        "not a command": {"description": "d", "runs": [{"name": "a", "command": "rm -rf /"}]},
        "twice": {"description": "d", "runs": [{"name": "a", "command": "devices"}, {"name": "a", "command": "devices"}]},
        "setting": {"description": "d", "settings": {"PATH": ["x"]}, "runs": [{"name": "a", "command": "devices"}]},
        "device": {"description": "d", "runs": [{"name": "a", "command": "bench --device 0"}]},
    }
    for what, exp in bad.items():
        path = os.path.join(tmp, "bad.json")
        json.dump(exp, open(path, "w"))
        done = run("--check", path)
        check(done.returncode == 2, f"a malformed experiment ({what}) is refused with exit 2: {done.stdout}")

    tiny = {
        "description": "A small settings comparison for the test.",
        "figures": [],
        "verify_first": True,
        "rounds": 2,
        # Under the second setting the verify fails (it names a precision that does not exist),
        # so its timed runs must be skipped, not run.
        "settings": {"FFTSCOPE_EXPERIMENT_TEST": ["ok", "bad"]},
        "runs": [
            {"name": "bench", "command": "bench --variants auto --sizes 64,1000 --batch 2 --warmup 1 --repeat 2 --json {dir}/{run}.json"},
            {"name": "verify", "command": "verify --variant auto --sizes 64,12"},
        ],
    }
    path = os.path.join(tmp, "tiny.json")
    json.dump(tiny, open(path, "w"))
    # A wrapper that breaks verify for the second setting: the runner sees only the exit code.
    wrapper = os.path.join(tmp, "cli.sh")
    with open(wrapper, "w") as f:
        f.write(f'#!/bin/sh\nif [ "$FFTSCOPE_EXPERIMENT_TEST" = bad ] && [ "$1" = verify ]; then exit 1; fi\nexec "{cli}" "$@"\n')
    os.chmod(wrapper, 0o755)
    out = os.path.join(tmp, "out")
    done = run(path, "--cli", wrapper, "--out", out, timeout=600)
    print(done.stdout)
    check(done.returncode == 1, f"a failed verify makes the exit status 1, not {done.returncode}")
    index = json.load(open(os.path.join(out, "tiny", "index.json")))
    runs = {(r["name"], r["round"], r["settings"]["FFTSCOPE_EXPERIMENT_TEST"]): r for r in index["runs"]}
    check(len(index["runs"]) == 6, f"6 runs recorded (verify once a setting, bench twice): {len(index['runs'])}")
    check(list(runs)[0] == ("verify", 1, "ok"), "verify runs first")
    check(runs.get(("verify", 1, "ok"), {}).get("exit_code") == 0, "verify of auto passes on this device")
    for rnd in (1, 2):
        good = runs.get(("bench", rnd, "ok"), {})
        check(good.get("exit_code") == 0 and good.get("seconds", 0) > 0, f"bench round {rnd} ran: {good}")
        result = os.path.join(out, "tiny", "FFTSCOPE_EXPERIMENT_TEST=ok", f"bench-r{rnd}.json")
        check(os.path.isfile(result) and "auto" in open(result).read(), f"bench round {rnd} wrote {result}")
        skipped = runs.get(("bench", rnd, "bad"), {})
        check(skipped.get("exit_code") is None and "skipped" in skipped.get("note", ""),
              f"bench round {rnd} is skipped after a failed verify: {skipped}")
    log = os.path.join(out, "tiny", runs.get(("bench", 1, "ok"), {}).get("file", "missing"))
    check(os.path.isfile(log) and "fftscope-cli bench" in open(log).read(), "each run's output is kept")
    archive = os.path.join(out, "tiny.tar.xz")
    check(os.path.isfile(archive), "the archive is written")
    if os.path.isfile(archive):
        names = tarfile.open(archive).getnames()
        check("tiny/index.json" in names and "tiny/machine.txt" in names and
              "tiny/FFTSCOPE_EXPERIMENT_TEST=ok/bench-r2.json" in names, f"the archive holds the runs: {names}")

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
