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
import sys
import tarfile
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from markdown_anchors import anchors  # noqa: E402
from script_checks import Checks, runner  # noqa: E402

source, cli = sys.argv[1], sys.argv[2]
experiment = os.path.join(source, "scripts", "experiment.py")
python = runner(sys.executable)
checks = Checks()
check = checks.check


def run(*args, **options):
    return python(experiment, *args, **options)


folder = os.path.join(source, "experiments")
files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json"))
check(f"experiments/ holds {len(files)} experiment files", len(files) >= 6)
done = run("--check", *files)
check("--check of experiments/*.json", done.returncode == 0, done)
for path in files:
    exp = json.load(open(path, encoding="utf-8"))
    check(f"{path} names no figure", exp.get("figures"))
    for figure in exp.get("figures", []):
        doc, _, anchor = figure.partition("#")
        doc_path = os.path.join(source, doc)
        check(f"{path}: figure {figure}: no {doc}", os.path.isfile(doc_path))
        if os.path.isfile(doc_path) and anchor:
            check(f"{path}: figure {figure}: no such heading in {doc}",
                  anchor in anchors(open(doc_path, encoding="utf-8").read()))

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
        check(f"{os.path.basename(path)}: no source reads the setting {setting}",
              f'"{setting}"' in sources or f'"{short}"' in sources)

# Every option a run names is one its command's --help lists, so that a misspelt option fails
# here and not after a GPU machine has been started.
helps = {}
for path in files:
    for run_ in json.load(open(path, encoding="utf-8"))["runs"]:
        words = shlex.split(run_["command"])
        if words[0] not in helps:
            shown = runner(cli)(words[0], "--help")
            helps[words[0]] = shown.stdout + shown.stderr
        for option in (w.split("=")[0] for w in words[1:] if w.startswith("--")):
            check(f"{os.path.basename(path)}: run '{run_['name']}': {words[0]} takes no {option}",
                  re.search(re.escape(option) + r"\b", helps[words[0]]))

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
        check(f"a malformed experiment ({what}) is refused with exit 2", done.returncode == 2, done)

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
    print(done.stdout + done.stderr)
    check(f"a failed verify makes the exit status 1, not {done.returncode}", done.returncode == 1)
    index = json.load(open(os.path.join(out, "tiny", "index.json")))
    runs = {(r["name"], r["round"], r["settings"]["FFTSCOPE_EXPERIMENT_TEST"]): r for r in index["runs"]}
    check(f"6 runs recorded (verify once a setting, bench twice): {len(index['runs'])}", len(index["runs"]) == 6)
    check("verify runs first", list(runs)[0] == ("verify", 1, "ok"))
    check("verify of auto passes on this device", runs.get(("verify", 1, "ok"), {}).get("exit_code") == 0)
    for rnd in (1, 2):
        good = runs.get(("bench", rnd, "ok"), {})
        check(f"bench round {rnd} ran: {good}", good.get("exit_code") == 0 and good.get("seconds", 0) > 0)
        result = os.path.join(out, "tiny", "FFTSCOPE_EXPERIMENT_TEST=ok", f"bench-r{rnd}.json")
        check(f"bench round {rnd} wrote {result}", os.path.isfile(result) and "auto" in open(result).read())
        skipped = runs.get(("bench", rnd, "bad"), {})
        check(f"bench round {rnd} is skipped after a failed verify: {skipped}",
              skipped.get("exit_code") is None and "skipped" in skipped.get("note", ""))
    log = os.path.join(out, "tiny", runs.get(("bench", 1, "ok"), {}).get("file", "missing"))
    check("each run's output is kept", os.path.isfile(log) and "fftscope-cli bench" in open(log).read())
    archive = os.path.join(out, "tiny.tar.xz")
    check("the archive is written", os.path.isfile(archive))
    if os.path.isfile(archive):
        names = tarfile.open(archive).getnames()
        check("the archive holds the runs", "tiny/index.json" in names and "tiny/machine.txt" in names and
              "tiny/FFTSCOPE_EXPERIMENT_TEST=ok/bench-r2.json" in names, str(names))

checks.finish()
