#!/usr/bin/env python3
"""fftscope's headless commands: they run with no display, write images of the input's size and
depth, answer bad arguments and bad files with a message, and the window refuses clearly when
there is no display.  Usage: headless_commands.py FFTSCOPE SAMPLE.png"""
import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner, without_display  # noqa: E402

run = runner(sys.argv[1], without_display())
checks = Checks()
check, finish = checks.check, checks.finish

sample = sys.argv[2]


def png_header(path):
    with open(path, "rb") as f:
        data = f.read(33)
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path + " is not a PNG"
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    return width, height, depth, colour


with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "out.png")
    spectrum = os.path.join(tmp, "spectrum.png")
    r = run("filter", sample, "-o", out, "--lowpass", "gaussian", "--cutoff", "0.1", "--spectrum", spectrum)
    check("filter runs without a display", r.returncode == 0, r.stderr)
    if r.returncode == 0:
        check("filter keeps size and depth", png_header(out) == png_header(sample), str(png_header(out)))
        check("filter writes the spectrum", png_header(spectrum)[:2] == png_header(sample)[:2])

    tif = os.path.join(tmp, "out.tif")
    r = run("filter", sample, "-o", tif, "--bandstop", "butterworth", "--cutoff", "0.1,0.2", "--order", "4",
            "--notch", "0.15625,0.09375,0.01", "--auto-notch", "--pad", "zero")
    check("band-stop, notch and auto notch to TIFF", r.returncode == 0 and os.path.getsize(tif) > 0, r.stderr)
    check("auto notch reports its notches", "auto notch at" in r.stdout, r.stdout)

    r = run("spectrum", sample, "-o", spectrum, "--colour-map", "viridis", "--quantity", "phase")
    check("spectrum runs", r.returncode == 0, r.stderr)

    for args, words in [(["filter", sample, "-o", out, "--lowpass", "cosine", "--cutoff", "0.1"], "gaussian"),
                        (["filter", sample, "-o", out, "--lowpass", "ideal"], "--cutoff"),
                        (["filter", sample, "-o", out, "--bandpass", "ideal", "--cutoff", "0.3"], "F1,F2"),
                        (["filter", sample], "-o"),
                        (["filter", sample, "-o", out, "--frobnicate"], "unknown option")]:
        r = run(*args)
        check("usage error " + " ".join(args[3:]), r.returncode == 2 and words in r.stderr, r.stderr)

    bad = os.path.join(tmp, "bad.png")
    with open(bad, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + b"\0" * 10)
    r = run("filter", bad, "-o", out)
    check("a corrupt file is refused with its name", r.returncode == 1 and "bad.png" in r.stderr, r.stderr)

    r = run()
    check("no display: a clear message, not an abort",
          r.returncode == 2 and "xvfb-run" in r.stderr and "fftscope filter" in r.stderr, r.stderr)

finish()
