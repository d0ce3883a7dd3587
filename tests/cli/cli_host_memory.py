#!/usr/bin/env python3
"""On a CPU device (PoCL) the device's buffers are the host's memory, allocated when first used: a
transform whose buffers pass the budget (FFTSCOPE_MEMORY_LIMIT here, standing in for an address
space limit or a full machine) is refused with a message before the driver could abort, and the
output is not written. Within the budget the same transform runs."""
import os
import subprocess
import sys
import tempfile

import numpy as np

cli = sys.argv[1]
failures = 0


def check(condition, what):
    global failures
    if not condition:
        failures += 1
        print("FAIL:", what)


devices = subprocess.run([cli, "devices"], capture_output=True, text=True, timeout=60).stdout
if "CPU" not in devices:
    print("no CPU OpenCL device here; the rule is for host-backed devices")
    sys.exit(0)

with tempfile.TemporaryDirectory() as folder:
    source = os.path.join(folder, "x.npy")
    output = os.path.join(folder, "o.npy")
    np.save(source, np.random.default_rng(7).standard_normal(1 << 20).astype(np.float32))

    def fft(limit):
        env = dict(os.environ, FFTSCOPE_MEMORY_LIMIT=str(limit))
        return subprocess.run([cli, "fft", "--in", source, "--out", output, "--real"], capture_output=True, text=True,
                              timeout=120, env=env)

    refused = fft(6 << 20)  # the input alone is 4 MiB, the half spectrum 4 MiB more
    check(refused.returncode != 0 and refused.returncode < 128, f"refused, not killed (exit {refused.returncode})")
    check("needs about" in refused.stderr and "bytes on" in refused.stderr,
          f"the message names the buffer and the budget: {refused.stderr.strip()}")
    check(not os.path.exists(output), "nothing written")

    ran = fft(1 << 30)
    check(ran.returncode == 0, f"runs within the budget ({ran.stderr.strip()})")
    if ran.returncode == 0:
        got = np.load(output)
        want = np.fft.rfft(np.load(source).astype(np.float64))
        check(np.max(np.abs(got - want)) < 1e-3 * np.max(np.abs(want)), "and matches NumPy")

print("failures:", failures)
sys.exit(1 if failures else 0)
