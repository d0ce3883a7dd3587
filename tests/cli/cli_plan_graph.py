#!/usr/bin/env python3
"""`fftscope-cli plan --graph --json` prints the flow graph of the plan: checked here against an
independent Stockham mapping (read x[i + m*T], write y[(i - k)*R + k + m*p])."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

run = runner(sys.argv[1], timeout=120)
checks = Checks()
check = checks.check


def graph(*args):
    out = run("plan", *args, "--graph", "--json")
    check(f"plan {' '.join(args)} --graph exits 0", out.returncode == 0, out)
    return json.loads(out.stdout) if out.returncode == 0 else None


doc = graph("--size", "16", "--variant", "r2")
if doc:
    check("format names the document", doc["format"] == "fftscope-flow-graph")
    passes = doc["passes"]
    check("N = 16 radix 2 has 4 passes", len(passes) == 4)
    n, r = 16, 2
    for c, column in enumerate(passes):
        check(f"pass {c} has 8 butterflies", len(column["butterflies"]) == 8)
        p = r ** c
        t = n // r
        expected = set()
        for i in range(t):
            k = i % p
            for m in range(r):
                for q in range(r):
                    expected.add((i + m * t, (i - k) * r + k + q * p))
        got = {(e["from"], e["to"]) for e in column["edges"]}
        check(f"pass {c} edges follow the Stockham mapping", got == expected)

doc = graph("--size", "64", "--variant", "r4", "--expand-blocks")
if doc:
    check("expanded blocks are said so", doc["expandedBlocks"] is True)
    check("64 points in radix-4 blocks expanded: 6 radix-2 steps", len(doc["passes"]) == 6)

out = run("plan", "--size", "16", "--rows", "4", "--graph")
check("a 2D plan's graph is refused, naming --graph", out.returncode != 0 and "--graph" in out.stderr, out)

# The graph grows as N log N (1.2 GB of JSON at 65536 points): the command draws what the window
# draws, at most 1024 points, and refuses more at once, naming the bound.
doc = graph("--size", "1024", "--variant", "r4")
check("1024 points, the largest graph, is drawn", doc is not None and len(doc["passes"]) == 5)
for size in ("65536", "1048576"):
    out = run("plan", "--size", size, "--graph", "--json", timeout=10)
    check(f"--size {size} --graph is refused naming the bound",
          out.returncode == 2 and "at most 1024 points" in out.stderr and out.stdout == "", out)

checks.finish()
