#!/usr/bin/python3
"""fftscope-cli fft against NumPy's FFT for every variant, 1D and 2D, f32 and f64, and the CLI's
answers to bad files. Usage: cli_matches_numpy.py PATH/TO/fftscope-cli"""
import math
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

run = runner(sys.argv[1])
checks = Checks()
work = tempfile.mkdtemp(prefix="fftscope_cli_")
rng = np.random.default_rng(2026)


def gate(dtype, points, twiddle="table"):
    u = 2.0 ** -24 if dtype == np.complex64 else 2.0 ** -53
    # FFTW/NumPy in double is the reference here; for f64 its own error is of the same order.
    # "bluestein": a length with a large prime factor, whose gate is 5 u sqrt(log2 N).
    factor = 1.5 if twiddle == "table" else 5.0
    slack = 1.0 if dtype == np.complex64 else 4.0
    return factor * slack * u * math.sqrt(max(1.0, math.log2(points)))


def transform(shape, dtype, variant, two_d, inverse=False, transpose="tiled", twiddle="table"):
    x = (rng.random(shape) - 0.5 + 1j * (rng.random(shape) - 0.5)).astype(dtype)
    src, dst = os.path.join(work, "in.npy"), os.path.join(work, "out.npy")
    np.save(src, x)
    args = ["fft", "--in", src, "--out", dst, "--variant", variant]
    if two_d:
        args += ["--2d", "--transpose", transpose]
    if inverse:
        args.append("--inverse")
    r = run(*args)
    name = f"{variant} {shape} {np.dtype(dtype).name} {'2d/' + transpose if two_d else '1d'}{' inverse' if inverse else ''}"
    if r.returncode != 0:
        checks.check(name, False, r)
        return
    y = np.load(dst)
    xd = x.astype(np.complex128)
    if two_d:
        ref = np.fft.ifft2(xd) if inverse else np.fft.fft2(xd)
    else:
        ref = np.fft.ifft(xd, axis=-1) if inverse else np.fft.fft(xd, axis=-1)
    points = x.size if two_d else shape[-1]
    err = np.linalg.norm(y - ref) / np.linalg.norm(ref)
    if y.dtype != dtype or y.shape != x.shape:
        checks.check(name, False, f"got {y.dtype} {y.shape}")
    else:
        checks.check(name, err <= gate(dtype, points, twiddle) * (2 if inverse else 1),
                     f"relative L2 error {err:.3g} above {gate(dtype, points, twiddle):.3g}")


for dtype in (np.complex64, np.complex128):
    for variant in ("r2", "r4", "r8", "r16", "local", "auto"):
        transform((3, 1024), dtype, variant, False)
        transform((4096,), dtype, variant, False)
        transform((2, 32768), dtype, variant, False, inverse=True)
        for transpose in ("naive", "tiled", "padded", "none"):
            transform((64, 128), dtype, variant, True, transpose=transpose)
        transform((256, 16), dtype, variant, True, inverse=True)

# Any size: mixed radices, and prime lengths through Bluestein (the wider gate).
for dtype in (np.complex64, np.complex128):
    transform((3, 1000), dtype, "auto", False)
    transform((2, 360), dtype, "r4", False, inverse=True)
    transform((2053,), dtype, "auto", False, twiddle="bluestein")
    transform((100, 60), dtype, "auto", True)
    transform((37, 50), dtype, "auto", True, inverse=True, twiddle="bluestein")
    transform((1, 997), dtype, "local", True, transpose="none", twiddle="bluestein")
    transform((997, 1), dtype, "auto", True, twiddle="bluestein")

# Real input becomes the real part.
real = rng.random((2, 64)).astype(np.float32)
np.save(os.path.join(work, "real.npy"), real)
r = run("fft", "--in", os.path.join(work, "real.npy"), "--out", os.path.join(work, "real_out.npy"))
checks.check("real float32 input", r.returncode == 0 and
             np.allclose(np.load(os.path.join(work, "real_out.npy")), np.fft.fft(real), atol=1e-4), r)

# Bad files: a clear message and a non-zero exit.
np.save(os.path.join(work, "good.npy"), np.zeros((4, 8), np.complex64))
with open(os.path.join(work, "good.npy"), "rb") as f:
    good = f.read()
with open(os.path.join(work, "truncated.npy"), "wb") as f:
    f.write(good[:-10])
np.save(os.path.join(work, "fortran.npy"), np.asfortranarray(np.zeros((4, 8), np.complex64)))
np.save(os.path.join(work, "rank3.npy"), np.zeros((2, 2, 4), np.complex64))
np.save(os.path.join(work, "int.npy"), np.zeros((4, 8), np.int32))
with open(os.path.join(work, "notnpy.npy"), "wb") as f:
    f.write(b"hello, not a numpy file")
expect = {"truncated.npy": "truncated", "fortran.npy": "ortran", "rank3.npy": "rank", "int.npy": "<i4",
          "notnpy.npy": "magic"}
for name, needle in expect.items():
    r = run("fft", "--in", os.path.join(work, name), "--out", os.path.join(work, "x.npy"))
    checks.check(f"bad file {name}: a non-zero exit and a message with {needle!r}",
                 r.returncode != 0 and needle in r.stderr, r)
r = run("fft", "--in", os.path.join(work, "good.npy"), "--out", os.path.join(work, "x.npy"), "--variant", "r32")
checks.check("variant r32: exit 2, the accepted variants named",
             r.returncode == 2 and "accepted: r2, r4, r8, r16, local, auto" in r.stderr, r)

# With no OpenCL platform at all: a notice, and FFTW computes the same transform.
empty_icd = tempfile.mkdtemp(prefix="fftscope_no_icd_")
x = (rng.random((3, 256)) - 0.5 + 1j * (rng.random((3, 256)) - 0.5)).astype(np.complex64)
np.save(os.path.join(work, "fallback.npy"), x)
r = run("fft", "--in", os.path.join(work, "fallback.npy"), "--out", os.path.join(work, "fallback_out.npy"),
        env={"OCL_ICD_VENDORS": empty_icd})
noticed = r.returncode == 0 and "no OpenCL platform" in r.stderr and "FFTW" in r.stderr
if noticed:
    ref = np.fft.fft(x.astype(np.complex128))
    err = np.linalg.norm(np.load(os.path.join(work, "fallback_out.npy")) - ref) / np.linalg.norm(ref)
checks.check("no platform: a notice, and FFTW computes the transform within the gate",
             noticed and err <= gate(np.complex64, 256), f"FFTW fallback error {err:.3g}" if noticed else r)

checks.finish()
