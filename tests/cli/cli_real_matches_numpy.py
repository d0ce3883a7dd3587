#!/usr/bin/python3
"""fftscope-cli fft --real against NumPy's rfft, irfft, rfft2 and irfft2: even and odd lengths,
batches, f32 and f64, on the device and with the FFTW fallback, and the answers to bad requests.
Usage: cli_real_matches_numpy.py PATH/TO/fftscope-cli"""
import math
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

run = runner(sys.argv[1])
checks = Checks()
work = tempfile.mkdtemp(prefix="fftscope_real_")
rng = np.random.default_rng(2027)
no_platform = {"OCL_ICD_VENDORS": tempfile.mkdtemp(prefix="fftscope_no_icd_")}


def gate(real_dtype, points):
    # 1.5 u sqrt(log2 N) with table twiddles; NumPy in double is the reference, so f64 gets slack
    # for the reference's own error, and prime lengths (Bluestein) the wider 5 u.
    u = 2.0 ** -24 if real_dtype == np.float32 else 2.0 ** -53
    slack = 1.0 if real_dtype == np.float32 else 4.0
    return 5.0 * slack * u * math.sqrt(max(1.0, math.log2(points)))


def transform(shape, real_dtype, two_d, inverse=False, length=None, env=None):
    complex_dtype = np.complex64 if real_dtype == np.float32 else np.complex128
    src, dst = os.path.join(work, "in.npy"), os.path.join(work, "out.npy")
    if inverse:
        x = (rng.random(shape) - 0.5 + 1j * (rng.random(shape) - 0.5)).astype(complex_dtype)
    else:
        x = (rng.random(shape) - 0.5).astype(real_dtype)
    np.save(src, x)
    args = ["fft", "--real", "--in", src, "--out", dst]
    if two_d:
        args.append("--2d")
    if inverse:
        args.append("--inverse")
    if length:
        args += ["--length", str(length)]
    r = run(*args, env=env)
    name = f"{'i' if inverse else ''}rfft{'2' if two_d else ''} {shape} {np.dtype(real_dtype).name}" + \
           (f" n={length}" if length else "") + (" (FFTW)" if env else "")
    if r.returncode != 0:
        checks.check(name, False, r)
        return
    y = np.load(dst)
    xd = x.astype(np.complex128 if inverse else np.float64)
    n = length or (2 * (shape[-1] - 1) if inverse else shape[-1])
    if inverse:
        ref = np.fft.irfft2(xd, s=(shape[0], n)) if two_d else np.fft.irfft(xd, n=n, axis=-1)
        want_dtype = real_dtype
    else:
        ref = np.fft.rfft2(xd) if two_d else np.fft.rfft(xd, axis=-1)
        want_dtype = complex_dtype
    points = shape[0] * n if two_d else n
    if y.dtype != want_dtype or y.shape != ref.shape:
        checks.check(name, False, f"got {y.dtype} {y.shape}, NumPy gives {np.dtype(want_dtype).name} {ref.shape}")
        return
    err = np.linalg.norm(y - ref) / np.linalg.norm(ref)
    checks.check(name, err <= gate(real_dtype, points),
                 f"relative L2 error {err:.3g} above {gate(real_dtype, points):.3g}")


for dtype in (np.float32, np.float64):
    for shape in ((4096,), (3, 1000), (7, 1001), (2, 2), (5, 1), (65537,)):
        transform(shape, dtype, False)
    for shape, length in (((3, 513), None), ((3, 513), 1025), ((7, 501), 1001), ((2049,), None)):
        transform(shape, dtype, False, inverse=True, length=length)
    for shape in ((750, 1000), (1080, 1920), (1, 997), (997, 1), (9, 7)):
        transform(shape, dtype, True)
    for shape, length in (((750, 501), 1000), ((9, 4), 7), ((1, 499), 997)):
        transform(shape, dtype, True, inverse=True, length=length)
    transform((3, 1000), dtype, False, env=no_platform)
    transform((9, 4), dtype, True, inverse=True, length=7, env=no_platform)

# Bad requests: a clear message and a non-zero exit, nothing written.
np.save(os.path.join(work, "complex.npy"), np.zeros((4, 8), np.complex64))
np.save(os.path.join(work, "real.npy"), np.zeros((4, 8), np.float32))
out = os.path.join(work, "never.npy")
for args, needle in ((["--in", os.path.join(work, "complex.npy")], "complex"),
                     (["--in", os.path.join(work, "complex.npy"), "--inverse", "--length", "20"], "half spectrum"),
                     (["--in", os.path.join(work, "real.npy"), "--length", "8"], "--length")):
    r = run("fft", "--real", "--out", out, *args)
    checks.check(f"bad request {args}: a non-zero exit, a message with {needle!r}, nothing written",
                 r.returncode != 0 and needle in r.stderr and not os.path.exists(out), r)

# bench-real verifies before it times, and says so.
for args in (["--size", "64x48"], ["--size", "1001", "--batch", "3", "--precision", "f64"]):
    r = run("bench-real", *args, "--repeat", "1")
    checks.check(f"bench-real {args}: verified, then timed",
                 r.returncode == 0 and ": pass" in r.stdout and "R2C / complex" in r.stdout, r)
r = run("bench-real", "--size", "64x0")
checks.check("bench-real --size 64x0: exit 2, naming --size", r.returncode == 2 and "--size" in r.stderr, r)

checks.finish()
