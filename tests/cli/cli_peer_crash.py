#!/usr/bin/python3
"""fftscope-cli bench with a peer that crashes: VkFFT on PoCL faults inside its own kernel at 2^17
x 16 f32. Each peer case runs in a process of its own, so the bench ends with exit 0, the engine's
case measured and the peer's case failed with a message naming it (or verified, on a device where
VkFFT does not crash). --json FILE is written after each case: a bench killed mid-sweep leaves the
cases measured before, marked as not ended.
Usage: cli_peer_crash.py PATH/TO/fftscope-cli"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

cli = sys.argv[1]
checks = Checks()
expect = checks.check
run = runner(cli)
work = tempfile.mkdtemp(prefix="fftscope-peer-crash-")
SHAPE = ("--sizes", "2^17", "--points", "2097152")

out = os.path.join(work, "crash.json")
r = run("bench", "--variants", "r16", *SHAPE, "--peers", "vkfft", "--json", out)
expect("the reproducer ends with exit 0, no crash", r.returncode == 0, r)
try:
    doc = json.load(open(out))
    by = {x["variant"]: x for x in doc["results"]}
    expect("r16 and vkfft both reported", sorted(by) == ["r16", "vkfft"], r)
    expect("r16 measured", by["r16"]["verified"] is True and by["r16"]["host_ms"]["median"] > 0, r)
    vk = by["vkfft"]
    expect("vkfft verified, or failed with a message naming VkFFT and the case",
           vk["verified"] is True or vk["error"].startswith("VkFFT ") and "on 131072 x 16 f32" in vk["error"], r)
    if vk["verified"] is False:
        expect("the failure is in the table", "FAILED: " + vk["error"] in r.stdout, r)
    expect("the file says the bench ended", doc["cancelled"] is False, r)
except (OSError, ValueError, KeyError) as e:
    expect(f"the JSON file holds the results ({e})", False, r)

# Killed while a peer case runs: the file holds the engine's case, measured before.
killed = os.path.join(work, "killed.json")
bench = subprocess.Popen([cli, "bench", "--variants", "r16", *SHAPE, "--peers", "clfft", "--json", killed],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
seen = None
deadline = time.time() + 240
while time.time() < deadline and bench.poll() is None:
    try:
        seen = json.load(open(killed))
        if len(seen["results"]) >= 1:
            break
    except (OSError, ValueError):
        pass
    time.sleep(0.05)
bench.kill()
bench.wait()
expect("the file appeared after the first case, while the peer's ran", seen is not None and len(seen["results"]) == 1)
try:
    doc = json.load(open(killed))
    expect("after the kill: the engine's case is kept", [x["variant"] for x in doc["results"]] == ["r16"]
           and doc["results"][0]["verified"] is True)
    expect("after the kill: the file says the bench did not end", doc["cancelled"] is True)
except (OSError, ValueError, KeyError) as e:
    expect(f"after the kill the file is whole ({e})", False)

checks.finish()
