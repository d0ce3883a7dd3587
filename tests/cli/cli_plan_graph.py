#!/usr/bin/env python3
"""`fftscope-cli plan --graph --json` prints the flow graph of the plan: checked here against an
independent Stockham mapping (read x[i + m*T], write y[(i - k)*R + k + m*p])."""
import json
import subprocess
import sys

cli = sys.argv[1]
failures = 0


def check(condition, what):
    global failures
    if not condition:
        failures += 1
        print("FAIL:", what)


def graph(*args):
    out = subprocess.run([cli, "plan", *args, "--graph", "--json"], capture_output=True, text=True, timeout=120)
    check(out.returncode == 0, f"plan {' '.join(args)} --graph exits 0 ({out.stderr.strip()})")
    return json.loads(out.stdout) if out.returncode == 0 else None


doc = graph("--size", "16", "--variant", "r2")
if doc:
    check(doc["format"] == "fftscope-flow-graph", "format names the document")
    passes = doc["passes"]
    check(len(passes) == 4, "N = 16 radix 2 has 4 passes")
    n, r = 16, 2
    for c, column in enumerate(passes):
        check(len(column["butterflies"]) == 8, f"pass {c} has 8 butterflies")
        p = r ** c
        t = n // r
        expected = set()
        for i in range(t):
            k = i % p
            for m in range(r):
                for q in range(r):
                    expected.add((i + m * t, (i - k) * r + k + q * p))
        got = {(e["from"], e["to"]) for e in column["edges"]}
        check(got == expected, f"pass {c} edges follow the Stockham mapping")

doc = graph("--size", "64", "--variant", "r4", "--expand-blocks")
if doc:
    check(doc["expandedBlocks"] is True, "expanded blocks are said so")
    check(len(doc["passes"]) == 6, "64 points in radix-4 blocks expanded: 6 radix-2 steps")

out = subprocess.run([cli, "plan", "--size", "16", "--rows", "4", "--graph"], capture_output=True, text=True)
check(out.returncode != 0 and "--graph" in out.stderr, "a 2D plan's graph is refused, naming --graph")

# The graph grows as N log N (1.2 GB of JSON at 65536 points): the command draws what the window
# draws, at most 1024 points, and refuses more at once, naming the bound.
doc = graph("--size", "1024", "--variant", "r4")
check(doc is not None and len(doc["passes"]) == 5, "1024 points, the largest graph, is drawn")
for size in ("65536", "1048576"):
    out = subprocess.run([cli, "plan", "--size", size, "--graph", "--json"], capture_output=True, text=True, timeout=10)
    check(out.returncode == 2 and "at most 1024 points" in out.stderr and out.stdout == "",
          f"--size {size} --graph is refused naming the bound ({out.returncode}: {out.stderr.strip()[:200]})")

print(f"{0 if failures else 1} passed, {failures} failed")
sys.exit(1 if failures else 0)
