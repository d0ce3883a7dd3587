#!/usr/bin/env python3
"""bench --shard K/M: each of three processes takes its contiguous share of the sizes, a share
past the sizes writes an empty report, and bench-merge joins the shares' JSON files into the
cases of one unsharded run, in its order; a bad K/M is refused with exit status 2."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

run = runner(sys.argv[1], timeout=300)
checks = Checks()
sweep = ["bench", "--variants", "r2,r4", "--sizes", "64,128,256,512,1024", "--batch", "2", "--repeat", "1", "--warmup", "0"]


def cases(path):
    with open(path) as f:
        return [(r["variant"], r["shape"]) for r in json.load(f)["results"]]


with tempfile.TemporaryDirectory() as folder:
    whole = os.path.join(folder, "whole.json")
    ran = run(*sweep, "--json", whole)
    checks.check("unsharded: exit 0", ran.returncode == 0, ran)
    shares = []
    for k in (1, 2, 3):
        path = os.path.join(folder, "share%d.json" % k)
        ran = run(*sweep, "--shard", "%d/3" % k, "--json", path)
        checks.check("share %d/3: exit 0" % k, ran.returncode == 0, ran)
        shares.append(path)
    sizes = [[shape for _, shape in cases(p)] for p in shares]
    # Five sizes in three shares: boundaries at floor(k 5 / 3) = 1, 3.
    checks.check("share 1/3 holds 64 (r2 and r4)", sizes[0] == [[64], [64]])
    checks.check("share 2/3 holds 128 and 256", [s[0] for s in sizes[1]] == [128, 128, 256, 256])
    merged = os.path.join(folder, "merged.json")
    ran = run("bench-merge", *shares, "-o", merged)
    checks.check("bench-merge: exit 0", ran.returncode == 0, ran)
    checks.check("merged shares: the unsharded run's cases in its order", cases(merged) == cases(whole))
    empty = os.path.join(folder, "empty.json")
    ran = run(*sweep, "--shard", "1/7", "--json", empty)  # floor(5 / 7) = 0: no size
    checks.check("a share past the sizes: exit 0, no case", ran.returncode == 0 and cases(empty) == [], ran)
    for bad in ("0/3", "4/3", "x"):
        ran = run(*sweep, "--shard", bad)
        checks.check("--shard %s refused with exit 2" % bad, ran.returncode == 2 and "shard" in ran.stderr, ran)

checks.finish()
