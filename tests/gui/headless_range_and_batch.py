#!/usr/bin/python3
"""fftscope filter's output ranges against NumPy, and its batch mode.  For a small grey image,
ifft2(F * H) computed here in double is the reference: offset adds mid-grey, stretch maps
min..max to 0..255, clip keeps the input's range, float keeps the exact values in a 32-bit TIFF
(read back with tifffile).  Batch: a folder with one corrupt file; the good ones are written and
match single-file output, the bad one is reported, the exit status says so; the batch checks
its device at the size it transforms (--pad honoured), as the single-file path does.
Usage: headless_range_and_batch.py FFTSCOPE"""
import os
import re
import struct
import sys
import tempfile
import zlib

import numpy as np
import tifffile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner, without_display, write_pnm  # noqa: E402

env = without_display()
run = runner(sys.argv[1], env)
checks = Checks()
check, finish = checks.check, checks.finish


def read_png_grey8(path):
    """An 8-bit grey, non-interlaced PNG as OpenCV writes it, decoded here (no imaging module)."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert (depth, colour, interlace) == (8, 0, 0), (depth, colour, interlace)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    out = np.zeros((height, width), np.int32)
    prev = np.zeros(width, np.int32)
    for y in range(height):
        kind, row = raw[y * (width + 1)], np.frombuffer(raw, np.uint8, width, y * (width + 1) + 1).astype(np.int32)
        line = np.zeros(width, np.int32)
        for x in range(width):
            a = line[x - 1] if x else 0
            b, c = prev[x], (prev[x - 1] if x else 0)
            if kind == 0: p = 0
            elif kind == 1: p = a
            elif kind == 2: p = b
            elif kind == 3: p = (a + b) // 2
            else:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            line[x] = (row[x] + p) & 0xFF
        out[y], prev = line, line
    return out


rng = np.random.default_rng(2026)
y, x = np.mgrid[0:64, 0:64]
# A scene with a ramp, a bright disc and fine texture: a high-pass of it is signed.
scene = 40 + 1.5 * x + 80 * ((x - 30) ** 2 + (y - 34) ** 2 < 150) + 25 * np.cos(2 * np.pi * (5 * x + 3 * y) / 64)
scene = np.clip(np.round(scene + rng.normal(0, 4, scene.shape)), 0, 255)

# The reference: Gaussian high-pass fc = 0.08 in cycles per pixel; 64 x 64 needs no padding.
fc = 0.08
fy, fx = np.meshgrid(np.fft.fftfreq(64), np.fft.fftfreq(64), indexing="ij")
H = 1.0 - np.exp(-(fx ** 2 + fy ** 2) / (2 * fc * fc))
values = np.real(np.fft.ifft2(np.fft.fft2(scene) * H))
expected = {
    "offset": np.clip(np.round(values + 128), 0, 255),
    "stretch": np.round((values - values.min()) / (values.max() - values.min()) * 255),
    "clip": np.round(np.clip(values, scene.min(), scene.max())),
}

with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, "scene.pgm")
    write_pnm(src, scene)
    common = ["--highpass", "gaussian", "--cutoff", str(fc), "--fftw"]
    check("the reference is signed", values.min() < -20 and values.max() > 20, (values.min(), values.max()))

    for mode, reference in expected.items():
        out = os.path.join(tmp, mode + ".png")
        r = run("filter", src, "-o", out, *common, "--range", mode)
        check(f"--range {mode} runs", r.returncode == 0, r.stderr)
        if r.returncode == 0:
            got = read_png_grey8(out)
            diff = np.abs(got - reference).max()
            check(f"--range {mode} matches NumPy within one level", diff <= 1, f"max difference {diff}")
    r = run("filter", src, "-o", os.path.join(tmp, "default.png"), *common)
    check("offset is the high-pass default", r.returncode == 0 and "(range offset)" in r.stdout, r.stdout + r.stderr)
    if r.returncode == 0:
        check("default output equals --range offset",
              (read_png_grey8(os.path.join(tmp, "default.png")) == read_png_grey8(os.path.join(tmp, "offset.png"))).all())
    r = run("filter", src, "-o", os.path.join(tmp, "low.png"), "--lowpass", "gaussian", "--cutoff", "0.1", "--fftw")
    check("clip is the low-pass default", r.returncode == 0 and "(range clip)" in r.stdout, r.stdout + r.stderr)

    tif = os.path.join(tmp, "float.tif")
    r = run("filter", src, "-o", tif, *common, "--range", "float")
    check("--range float runs", r.returncode == 0, r.stderr)
    if r.returncode == 0:
        back = tifffile.imread(tif)
        check("float TIFF holds 32-bit floats", back.dtype == np.float32 and back.shape == (64, 64),
              f"{back.dtype} {back.shape}")
        if back.shape == (64, 64):
            err = np.abs(back.astype(np.float64) - values).max()
            check("float TIFF keeps the exact values", err < 1e-3, f"max difference {err}")

    for args, words in [(["--range", "autoscale"], "--range"),
                        (["--range"], "--range"),
                        (["--range", "float", "-o", os.path.join(tmp, "f.png")], ".tif")]:
        full = ["filter", src, "-o", os.path.join(tmp, "bad.png"), *common, *args]
        r = run(*full)
        check(f"refuses {' '.join(args)}", r.returncode == 2 and words in r.stderr, r.stderr)
    check("a refused float leaves no file", not os.path.exists(os.path.join(tmp, "f.png")))

    # Batch: two good files, one corrupt, and one whose output name is taken by an input.
    folder = os.path.join(tmp, "batch")
    outdir = os.path.join(tmp, "batch-out")
    os.mkdir(folder)
    os.mkdir(outdir)
    a, b = os.path.join(folder, "a.pgm"), os.path.join(folder, "b.pgm")
    write_pnm(a, scene)
    write_pnm(b, np.flipud(scene))
    bad = os.path.join(folder, "corrupt.png")
    with open(bad, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    r = run("filter", a, bad, b, "--output-dir", outdir, *common)
    check("a batch with a bad file exits nonzero", r.returncode == 1, f"{r.returncode} {r.stderr}")
    lines = r.stdout.splitlines()
    check("each file has its outcome line, in order", len(lines) >= 3 and lines[0].startswith("ok " + a) and
          lines[1].startswith("failed " + bad) and lines[2].startswith("ok " + b), r.stdout)
    check("the corrupt file is named with its problem", len(lines) > 1 and len(lines[1]) > len("failed " + bad) + 5, r.stdout)
    check("no output for the corrupt file", not os.path.exists(os.path.join(outdir, "corrupt-filtered.png")))
    check("no temporary file left", sorted(os.listdir(outdir)) == ["a-filtered.png", "b-filtered.png"],
          str(os.listdir(outdir)))
    for name, path in (("a", a), ("b", b)):
        single = os.path.join(tmp, name + "-single.png")
        r = run("filter", path, "-o", single, *common)
        batch_out = os.path.join(outdir, name + "-filtered.png")
        if r.returncode == 0 and os.path.exists(batch_out):
            check(f"batch output of {name} equals its single-file output",
                  (read_png_grey8(batch_out) == read_png_grey8(single)).all())
        else:
            check(f"batch output of {name} exists", False, r.stderr)
    r = run("filter", a, b, "--output-dir", outdir, *common, "--range", "float")
    check("float batch writes TIFFs", r.returncode == 0 and os.path.exists(os.path.join(outdir, "a-filtered.tif")),
          r.stdout + r.stderr)
    if r.returncode == 0:
        err = np.abs(tifffile.imread(os.path.join(outdir, "a-filtered.tif")).astype(np.float64) - values).max()
        check("float batch keeps the exact values", err < 1e-3, str(err))

    # The device is checked before decoding at the size actually transformed: with --pad none the
    # batch builds exactly the programs the single-file path builds, none for a padded size.
    odd = os.path.join(tmp, "odd.pgm")
    write_pnm(odd, scene[:24, :40])
    printing = dict(env, FFTSCOPE_PRINT_KERNELS="1")

    def built(*args):
        r = run(*args, env=printing)
        return r, set(re.findall(r"^// ---- kernels/(\S+) \(after common\.cl\) built on .* with: (.*)$", r.stderr, re.M))

    on_device = ["--lowpass", "gaussian", "--cutoff", "0.1", "--pad", "none"]
    r, single = built("filter", odd, "-o", os.path.join(tmp, "odd-single.png"), *on_device)
    check("the single-file path runs on the device", r.returncode == 0, r.stderr[-500:])
    if r.returncode == 0 and single:
        odd_out = os.path.join(tmp, "odd-out")
        os.mkdir(odd_out)
        r, batch = built("filter", odd, "--output-dir", odd_out, *on_device)
        check("the batch runs on the device", r.returncode == 0, r.stdout + r.stderr[-500:])
        check("the batch prepares the unpadded size, as the single-file path does", batch == single,
              f"only in the batch: {sorted(batch - single)}; only single: {sorted(single - batch)}")
    else:
        print("no OpenCL device: the batch's device check is not compared")

    # An output that would replace an input is refused; the input stays as it was.
    taken = os.path.join(folder, "a-filtered.png")
    with open(taken, "wb") as f:
        f.write(b"not to be overwritten")
    r = run("filter", a, taken, "--output-dir", folder, *common)
    check("an input is never overwritten", open(taken, "rb").read() == b"not to be overwritten", r.stdout)
    check("the refusal is reported", r.returncode == 1 and "never overwritten" in r.stdout, r.stdout + r.stderr)
    r = run("filter", a, "--output-dir", os.path.join(tmp, "missing"), *common)
    check("a missing output folder is refused", r.returncode == 2 and "--output-dir" in r.stderr, r.stderr)
    r = run("filter", a, b, "-o", os.path.join(tmp, "x.png"), *common)
    check("two inputs without --output-dir are refused", r.returncode == 2 and "--output-dir" in r.stderr, r.stderr)

finish()
