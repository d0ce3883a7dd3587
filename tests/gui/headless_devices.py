#!/usr/bin/python3
"""fftscope filter over several devices against one device: a batch of five colour files
(--output-dir, the files spread over the devices) and one colour image (its three planes spread
over the devices), on the default device split into G = 2 and 3 sub-devices (`0/G`), or, where it
cannot be split so, G contexts on it (FFTSCOPE_DEVICE_REPEATS=1). Five files and three planes are
counts that G = 2 does not divide (five, neither). Float output, so that the comparison is of the
filtered values: each within 1e-5 of the image's range of one device's, as the engine's f32 gate
allows; the batch's lines come in the inputs' order and the files a device add up to five.
Usage: headless_devices.py FFTSCOPE"""
import os
import re
import sys
import tempfile

import numpy as np
import tifffile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner, without_display, write_pnm  # noqa: E402

env = without_display()
run = runner(sys.argv[1], env)
checks = Checks()
check, finish = checks.check, checks.finish

FILTER = ["--lowpass", "gaussian", "--cutoff", "0.15", "--range", "float"]


def several(args, count):
    """The run on `count` devices: sub-devices where the device splits so, else repeated contexts."""
    result = run(*args, "--devices", f"0/{count}")
    if f"on {count} devices" in result.stdout:
        return result, f"0/{count}"
    selector = ",".join(["0"] * count)
    return run(*args, "--devices", selector, env=dict(env, FFTSCOPE_DEVICE_REPEATS="1")), selector


def close(a, b):
    scale = max(1.0, float(np.max(np.abs(a))))
    return a.shape == b.shape and float(np.max(np.abs(a - b))) <= 1e-5 * scale


rng = np.random.default_rng(38)
with tempfile.TemporaryDirectory() as tmp:
    sizes = [(40, 48), (33, 50), (64, 64), (27, 31), (50, 36)]
    inputs = []
    for i, (h, w) in enumerate(sizes):
        path = os.path.join(tmp, f"in{i}.ppm")
        write_pnm(path, rng.integers(0, 256, (h, w, 3)))
        inputs.append(path)
    one_dir = os.path.join(tmp, "one")
    os.mkdir(one_dir)
    one = run("filter", *inputs, "--output-dir", one_dir, "--device", "0", *FILTER)
    check("one device batch", one.returncode == 0, one.stdout + one.stderr)
    one_single = os.path.join(tmp, "single-one.tif")
    r = run("filter", inputs[2], "-o", one_single, "--device", "0", *FILTER)
    check("one device image", r.returncode == 0, r.stdout + r.stderr)

    for count in (2, 3):
        out_dir = os.path.join(tmp, f"g{count}")
        os.mkdir(out_dir)
        result, selector = several(["filter", *inputs, "--output-dir", out_dir, *FILTER], count)
        name = f"G={count} ({selector})"
        check(f"{name} batch runs", result.returncode == 0, result.stdout + result.stderr)
        check(f"{name} batch on {count} devices", f"5 of 5 written to {out_dir} on {count} devices" in result.stdout,
              result.stdout + result.stderr)
        lines = [l for l in result.stdout.splitlines() if l.startswith("ok ")]
        check(f"{name} lines in the inputs' order", [l.split()[1] for l in lines] == inputs, result.stdout)
        shares = re.search(r"^files a device: (.*)$", result.stdout, re.M)
        counts = [int(part.rsplit(" ", 1)[1]) for part in shares.group(1).split(", ")] if shares else []
        check(f"{name} files a device", len(counts) == count and sum(counts) == 5, result.stdout)
        for i in range(len(inputs)):
            a = tifffile.imread(os.path.join(one_dir, f"in{i}-filtered.tif"))
            b = tifffile.imread(os.path.join(out_dir, f"in{i}-filtered.tif"))
            check(f"{name} file {i} as one device's", close(a, b), f"max diff {np.max(np.abs(a - b))}")

        single = os.path.join(tmp, f"single-g{count}.tif")
        result, selector = several(["filter", inputs[2], "-o", single, *FILTER], count)
        check(f"{name} image on {count} devices", result.returncode == 0 and f"on {count} devices" in result.stdout,
              result.stdout + result.stderr)
        a, b = tifffile.imread(one_single), tifffile.imread(single)
        check(f"{name} image's planes as one device's", close(a, b), f"max diff {np.max(np.abs(a - b))}")

finish()
