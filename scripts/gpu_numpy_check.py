#!/usr/bin/python3
"""fftscope-cli fft against NumPy on a machine without NumPy (the GPU machine).

  gpu_numpy_check.py prepare DIR     random inputs and DIR/commands.sh, to carry there
  (there)  bash DIR/commands.sh CLI OUTDIR
  gpu_numpy_check.py check DIR OUTDIR   compare the outputs with numpy.fft, here
"""
import math
import os
import sys

import numpy as np

CASES = []
for dtype in ("complex64", "complex128"):
    for variant in ("r2", "r4", "r8", "r16", "local", "auto"):
        CASES.append((dtype, variant, (3, 1024), False, False, "tiled"))
        CASES.append((dtype, variant, (16384,), False, False, "tiled"))
        CASES.append((dtype, variant, (2, 4096), False, True, "tiled"))
        for transpose in ("naive", "tiled", "padded", "none"):
            CASES.append((dtype, variant, (128, 256), True, False, transpose))
        CASES.append((dtype, variant, (512, 64), True, True, "padded"))


def name(i, case):
    dtype, variant, shape, two_d, inverse, transpose = case
    return f"c{i:03d}_{dtype}_{variant}_{'x'.join(map(str, shape))}_{'2d_' + transpose if two_d else '1d'}{'_inv' if inverse else ''}"


def prepare(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(21)
    lines = ['cli=$1; out=$2; mkdir -p "$out"; here=$(dirname "$0"); fails=0']
    for i, case in enumerate(CASES):
        dtype, variant, shape, two_d, inverse, transpose = case
        x = (rng.random(shape) - 0.5 + 1j * (rng.random(shape) - 0.5)).astype(dtype)
        np.save(os.path.join(folder, name(i, case) + ".npy"), x)
        flags = f"--variant {variant}" + (f" --2d --transpose {transpose}" if two_d else "") + (" --inverse" if inverse else "")
        lines.append(f'$cli fft --in "$here/{name(i, case)}.npy" --out "$out/{name(i, case)}.npy" {flags} 2>>"$out/log.txt" || fails=$((fails+1))')
    lines.append('echo "$fails commands failed"')
    with open(os.path.join(folder, "commands.sh"), "w") as f:
        f.write("\n".join(lines) + "\n")


def check(folder, outdir):
    failures, worst = [], {}
    for i, case in enumerate(CASES):
        dtype, variant, shape, two_d, inverse, transpose = case
        x = np.load(os.path.join(folder, name(i, case) + ".npy")).astype(np.complex128)
        path = os.path.join(outdir, name(i, case) + ".npy")
        if not os.path.exists(path):
            failures.append(f"{name(i, case)}: no output")
            continue
        y = np.load(path)
        if two_d:
            ref = np.fft.ifft2(x) if inverse else np.fft.fft2(x)
        else:
            ref = np.fft.ifft(x, axis=-1) if inverse else np.fft.fft(x, axis=-1)
        points = x.size if two_d else shape[-1]
        u = 2.0 ** -24 if dtype == "complex64" else 2.0 ** -53
        # NumPy computes in double: for f64 its own error is of the engine's order, hence 4x.
        gate = 1.5 * u * math.sqrt(math.log2(points)) * (1 if dtype == "complex64" else 4) * (2 if inverse else 1)
        err = np.linalg.norm(y - ref) / np.linalg.norm(ref)
        worst[dtype] = max(worst.get(dtype, 0), err / gate)
        if str(y.dtype) != dtype or not err <= gate:
            failures.append(f"{name(i, case)}: {y.dtype}, error {err:.3g} gate {gate:.3g}")
    for f in failures:
        print("FAIL:", f)
    print("largest error / gate:", {k: round(v, 3) for k, v in worst.items()})
    print(f"{len(CASES) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    if sys.argv[1] == "prepare":
        prepare(sys.argv[2])
    else:
        sys.exit(check(sys.argv[2], sys.argv[3]))
