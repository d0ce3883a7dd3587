#!/usr/bin/env python3
"""On a CPU device (PoCL) the device's buffers are the host's memory, allocated when first used: a
transform whose buffers pass the budget (FFTSCOPE_MEMORY_LIMIT here, standing in for an address
space limit or a full machine) is refused with a message before the driver could abort, and the
output is not written. Within the budget the same transform runs."""
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

run = runner(sys.argv[1], timeout=120)
checks = Checks()

if "CPU" not in run("devices").stdout:
    print("no CPU OpenCL device here; the rule is for host-backed devices")
    sys.exit(0)

with tempfile.TemporaryDirectory() as folder:
    source = os.path.join(folder, "x.npy")
    output = os.path.join(folder, "o.npy")
    np.save(source, np.random.default_rng(7).standard_normal(1 << 20).astype(np.float32))

    def fft(limit):
        return run("fft", "--in", source, "--out", output, "--real", env={"FFTSCOPE_MEMORY_LIMIT": str(limit)})

    refused = fft(6 << 20)  # the input alone is 4 MiB, the half spectrum 4 MiB more
    checks.check("refused with exit 2, not killed", refused.returncode == 2, refused)
    checks.check("the message names the buffer and the budget",
                 "needs about" in refused.stderr and "bytes on" in refused.stderr, refused)
    checks.check("nothing written", not os.path.exists(output))

    ran = fft(1 << 30)
    checks.check("runs within the budget", ran.returncode == 0, ran)
    if ran.returncode == 0:
        got = np.load(output)
        want = np.fft.rfft(np.load(source).astype(np.float64))
        checks.check("and matches NumPy", np.max(np.abs(got - want)) < 1e-3 * np.max(np.abs(want)))

checks.finish()
