#!/usr/bin/python3
"""Checks that a QtTest binary's functions do not depend on each other: each function run alone,
then all of them in shuffled orders (QtTest runs the functions named on its command line in the
order given). ctest runs each function alone (cmake/TestDiscovery.cmake), so a function that
passes only after another would fail there.

usage: qtest_order.py [--shuffles N] [--seed S] [--jobs J] [--shuffled-only] BINARY...
Prints one line a run with its time; exits 1 if any run failed."""
import argparse
import concurrent.futures
import os
import random
import subprocess
import sys
import time


def functions(binary, env):
    listing = subprocess.run([binary, "-functions"], env=env, capture_output=True, text=True, check=True)
    return [line[:-2] for line in listing.stdout.splitlines() if line.endswith("()")]


def run(binary, names, env, timeout):
    start = time.monotonic()
    try:
        done = subprocess.run([binary, *names], env=env, capture_output=True, text=True, timeout=timeout)
        ok, output = done.returncode == 0, done.stdout + done.stderr
    except subprocess.TimeoutExpired:
        ok, output = False, "timed out"
    return ok, time.monotonic() - start, output


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--shuffles", type=int, default=1)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=600)
    parser.add_argument("--shuffled-only", action="store_true", help="skip the runs of one function (ctest's)")
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    rng = random.Random(args.seed)
    print(f"seed {args.seed}")

    runs = []
    for binary in args.binaries:
        names = functions(binary, env)
        if not args.shuffled_only:
            runs += [(binary, [name]) for name in names]
        for _ in range(args.shuffles if len(names) > 1 else 0):
            order = names[:]
            rng.shuffle(order)
            runs.append((binary, order))

    failures = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(run, binary, names, env, args.timeout): (binary, names) for binary, names in runs}
        for future in concurrent.futures.as_completed(futures):
            binary, names = futures[future]
            ok, seconds, output = future.result()
            label = names[0] if len(names) == 1 else "shuffled: " + " ".join(names)
            print(f"{'PASS' if ok else 'FAIL'} {seconds:6.1f} s  {os.path.basename(binary)} {label}", flush=True)
            if not ok:
                failures += 1
                print("\n".join(line for line in output.splitlines() if line.startswith(("FAIL!", "   Loc", "QFATAL")) or "timed out" in line))
    print(f"{len(runs) - failures} of {len(runs)} runs passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
