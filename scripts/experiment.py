#!/usr/bin/env python3
"""Runs experiments: files in experiments/ that say which fftscope-cli commands to run under which
settings (experiments/README.md describes the format).

  experiment.py EXPERIMENT.json... --pack .gpu [--out DIR] [--device SEL]   a packed build (GPU machine)
  experiment.py EXPERIMENT.json... --cli build/app/cli/fftscope-cli [...]   a build here
  experiment.py EXPERIMENT.json... --check                                  parse and check only
  experiment.py EXPERIMENT.json... --dry-run                                print the command lines

Each experiment's runs go under OUT/NAME/ (NAME: the file's name without .json), one folder per
combination of settings, each run's stdout and stderr in RUN.txt; OUT/NAME/index.json lists every
run with its command, settings, exit code and seconds, OUT/NAME/machine.txt the machine; and
OUT/NAME.tar.xz packs the folder (the GPU machine returns few files). Exit status 1 when a run
failed or was skipped, 2 for a malformed experiment or wrong arguments.

Standard library only: it runs on the GPU machine, whose Python has no Debian packages.
"""
import argparse
import itertools
import json
import os
import re
import shutil
import shlex
import subprocess
import sys
import tarfile
import tempfile
import time

COMMANDS = {"bench", "bench-real", "bench-filter", "bench-images", "verify", "fft", "plan", "devices", "wisdom", "tuning", "bench-video"}
TAKES_DEVICE = {"bench", "bench-real", "bench-filter", "bench-images", "verify", "fft", "plan", "bench-video"}
KEYS = {"description": str, "figures": list, "runs": list, "settings": dict, "verify_first": bool,
        "rounds": int, "timeout_s": int}
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


class Malformed(Exception):
    pass


def load(path):
    """The experiment in PATH as a dict, checked; Malformed says what is wrong."""
    try:
        with open(path, encoding="utf-8") as f:
            exp = json.load(f)
    except (OSError, ValueError) as e:
        raise Malformed(f"{path}: {e}")

    def need(cond, what):
        if not cond:
            raise Malformed(f"{path}: {what}")

    need(isinstance(exp, dict), "the top level is not an object")
    for key, value in exp.items():
        need(key in KEYS, f"unknown key '{key}' (known: {', '.join(sorted(KEYS))})")
        need(isinstance(value, KEYS[key]) and not (KEYS[key] is int and isinstance(value, bool)),
             f"'{key}' must be a {KEYS[key].__name__}")
    need(exp.get("description", "").strip() != "", "'description' is missing or empty")
    need(all(isinstance(f, str) and f for f in exp.get("figures", [])), "'figures' holds a non-string")
    need(exp.get("rounds", 1) >= 1, "'rounds' must be 1 or more")
    need(exp.get("timeout_s", 300) >= 1, "'timeout_s' must be 1 or more")
    for name, values in exp.get("settings", {}).items():
        need(re.match(r"^FFTSCOPE_[A-Z0-9_]+$", name), f"setting '{name}' is not an FFTSCOPE_ variable")
        need(isinstance(values, list) and values, f"setting '{name}' needs a non-empty list of values")
        need(all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in values),
             f"setting '{name}' takes strings or whole numbers")
    runs = exp.get("runs")
    need(isinstance(runs, list) and runs, "'runs' is missing or empty")
    seen = set()
    for run in runs:
        need(isinstance(run, dict) and {"name", "command"} <= set(run) <= {"name", "command", "settings"},
             f"a run must be an object with 'name', 'command' and optionally 'settings': {run!r}")
        own = run.get("settings", {})
        need(isinstance(own, dict) and all(re.match(r"^FFTSCOPE_[A-Z0-9_]+$", k) and isinstance(v, str)
                                           for k, v in own.items()),
             f"run '{run.get('name')}': 'settings' maps FFTSCOPE_ variables to one string each")
        name, command = run["name"], run["command"]
        need(isinstance(name, str) and NAME.match(name), f"run name '{name}' is not a plain file name")
        need(name not in seen, f"run name '{name}' appears twice")
        seen.add(name)
        try:
            words = shlex.split(command)
        except (TypeError, ValueError) as e:
            raise Malformed(f"{path}: run '{name}': {e}")
        need(words and words[0] in COMMANDS, f"run '{name}': '{command}' is no fftscope-cli command")
        need("--device" not in words, f"run '{name}': the runner's --device picks the device")
    return exp


def combinations(exp):
    """Every combination of the settings' values, as a list of (name, value) pairs."""
    settings = exp.get("settings", {})
    names = sorted(settings)
    return [list(zip(names, map(str, values))) for values in itertools.product(*(settings[n] for n in names))]


def tag(combo):
    return ",".join(f"{n}={v}" for n, v in combo) or "default"


def command_of(run, folder, stem, device, scratch=""):
    """The fftscope-cli words of RUN; {dir} becomes the folder its output goes to, {run} the name
    its files take there (the run's name, with the round where there are several), {scratch} the
    experiment's scratch folder."""
    words = [w.replace("{dir}", folder).replace("{run}", stem).replace("{scratch}", scratch)
             for w in shlex.split(run["command"])]
    if device and words[0] in TAKES_DEVICE:
        words += ["--device", device]
    return words


def ordered(exp, rnd):
    """The runs of round RND in order: with verify_first, the verify runs before the others, and
    in the first round only (the build and the settings are the same in every round)."""
    runs = exp["runs"]
    if not exp.get("verify_first"):
        return runs
    checks = [r for r in runs if r["command"].split()[0] == "verify"]
    return (checks if rnd == 1 else []) + [r for r in runs if r["command"].split()[0] != "verify"]


def machine(program, out_file):
    """What the run ran on: the GPU (where nvidia-smi exists), the time and the CLI's devices."""
    with open(out_file, "w", encoding="utf-8") as f:
        f.write(time.strftime("%Y-%m-%d %H:%M:%S UTC\n", time.gmtime()))
        for cmd in (["nvidia-smi", "--query-gpu=name,driver_version,memory.total", "--format=csv"],
                    program + ["devices"]):
            try:
                done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
                f.write(done.stdout.decode("utf-8", "replace"))
            except (OSError, subprocess.TimeoutExpired) as e:
                f.write(f"{' '.join(cmd)}: {e}\n")


def pack(out, name):
    """OUT/NAME.tar.xz of OUT/NAME, names sorted and times zeroed so that it is reproducible;
    gzip where this Python has no lzma."""
    try:
        import lzma  # noqa: F401
        suffix, mode = ".tar.xz", "w:xz"
    except ImportError:
        suffix, mode = ".tar.gz", "w:gz"
    root = os.path.join(out, name)
    paths = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        paths += [os.path.join(folder, f) for f in sorted(files)]
    archive = os.path.join(out, name + suffix)
    with tarfile.open(archive, mode) as tar:
        for p in paths:
            info = tar.gettarinfo(p, os.path.relpath(p, out))
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            with open(p, "rb") as f:
                tar.addfile(info, f)
    return archive


def write_index(root, index):
    with open(os.path.join(root, "index.json"), "w", encoding="utf-8") as f:
        json.dump(index, f, indent=1)
        f.write("\n")


def execute(program, words, env, log, header, timeout):
    """Runs one command with its output into LOG; its exit code (124 when stopped) and seconds."""
    start = time.monotonic()
    with open(log, "w", encoding="utf-8") as f:
        f.write(header + "\n")
        f.flush()
        try:
            code = subprocess.run(program + words, stdout=f, stderr=subprocess.STDOUT, env=env,
                                  timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            code = 124
            f.write(f"\nstopped after {timeout} s\n")
    return code, round(time.monotonic() - start, 3)


def run_experiment(path, exp, program, args, deadline):
    name = os.path.splitext(os.path.basename(path))[0]
    root = os.path.join(args.out, name)
    if not args.dry_run:
        os.makedirs(root, exist_ok=True)
        machine(program, os.path.join(root, "machine.txt"))
    index = {"experiment": name, "description": exp["description"], "figures": exp.get("figures", []),
             "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "runs": []}
    rounds = exp.get("rounds", 1)
    timeout = args.timeout or exp.get("timeout_s", 300)
    # Empty when the experiment starts, gone when it ends: state its runs share (a program cache),
    # kept out of the archive.
    scratch = tempfile.mkdtemp(prefix=f"fftscope-{name}-") if not args.dry_run else "SCRATCH"
    try:
        return run_rounds(name, root, exp, program, args, deadline, index, rounds, timeout, scratch)
    finally:
        if not args.dry_run:
            shutil.rmtree(scratch, ignore_errors=True)


def run_rounds(name, root, exp, program, args, deadline, index, rounds, timeout, scratch):
    ok = True
    failed = set()  # settings whose verify failed: their timed runs are skipped in every round
    # Rounds outermost and settings inside, so that drift over the call meets every setting alike.
    for rnd in range(1, rounds + 1):
        for combo in combinations(exp):
            folder = os.path.join(root, tag(combo))
            for run in ordered(exp, rnd):
                stem = run["name"] + (f"-r{rnd}" if rounds > 1 else "")
                words = command_of(run, folder, stem, args.device, scratch)
                own = {k: v.replace("{scratch}", scratch) for k, v in run.get("settings", {}).items()}
                command = "fftscope-cli " + shlex.join(words)
                if args.dry_run:
                    print(" ".join([f"{n}={v}" for n, v in combo] + [f"{n}={v}" for n, v in own.items()] + [command]))
                    continue
                os.makedirs(folder, exist_ok=True)
                log = os.path.join(folder, stem + ".txt")
                entry = {"name": run["name"], "round": rnd, "command": command, "settings": dict(combo, **own),
                         "file": os.path.relpath(log, root)}
                skip = None
                if tag(combo) in failed and words[0] != "verify":
                    skip = "skipped: a verify run of these settings failed"
                elif time.monotonic() > deadline:
                    skip = "skipped: out of --budget time"
                if skip:
                    with open(log, "w", encoding="utf-8") as f:
                        f.write(f"== {command}\n{skip}\n")
                    entry.update(exit_code=None, seconds=0, note=skip)
                else:
                    code, seconds = execute(program, words, dict(os.environ, **dict(combo), **own), log,
                                            f"== {tag(combo)} {command}", timeout)
                    entry.update(exit_code=code, seconds=seconds)
                    if code != 0 and words[0] == "verify" and exp.get("verify_first"):
                        failed.add(tag(combo))
                    print(f"{name}: {tag(combo)} {run['name']}: exit {code}, {seconds} s", flush=True)
                ok = ok and entry["exit_code"] == 0
                index["runs"].append(entry)
                # Written after every run, so that a call cut off by its time limit keeps its index.
                write_index(root, index)
    if not args.dry_run:
        print(f"{name}: wrote {pack(args.out, name)}", flush=True)
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("experiments", nargs="+", metavar="EXPERIMENT.json")
    how = parser.add_mutually_exclusive_group(required=True)
    how.add_argument("--pack", help="a packed build (pack.sh's DEST): runs PACK/run.sh fftscope-cli")
    how.add_argument("--cli", help="an fftscope-cli binary")
    how.add_argument("--check", action="store_true", help="only parse and check the files")
    parser.add_argument("--out", default=os.environ.get("OUT", "experiment-out"),
                        help="output folder (default: $OUT, else ./experiment-out)")
    parser.add_argument("--device", help="passed as --device to every command that takes one, e.g. NVIDIA")
    parser.add_argument("--timeout", type=int, help="seconds a run may take (default: the file's timeout_s, else 300)")
    parser.add_argument("--budget", type=int, default=0,
                        help="seconds for all runs; later runs are skipped and recorded so (0: no limit)")
    parser.add_argument("--dry-run", action="store_true", help="print the command lines, run nothing")
    args = parser.parse_args()

    loaded = []
    for path in args.experiments:
        try:
            loaded.append((path, load(path)))
        except Malformed as e:
            print(f"experiment.py: {e}", file=sys.stderr)
            return 2
    if args.check:
        for path, exp in loaded:
            print(f"{path}: {len(exp['runs'])} runs x {len(combinations(exp))} settings x {exp.get('rounds', 1)} rounds")
        return 0
    program = ["bash", os.path.join(args.pack, "run.sh"), "fftscope-cli"] if args.pack else [args.cli]
    deadline = time.monotonic() + args.budget if args.budget else float("inf")
    ok = True
    for path, exp in loaded:
        ok = run_experiment(path, exp, program, args, deadline) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
