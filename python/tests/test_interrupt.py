"""Ctrl+C during a long batch: a child Python runs one fftscope call over many chunks; SIGINT
sent while it runs ends it with KeyboardInterrupt long before the batch could finish."""

import signal
import subprocess
import sys
import textwrap
import time

import pytest

import fftscope

# The child times a short batch, then runs one long enough to take about 20 s (at most 512 MiB),
# one transform a chunk, and says how long it expects that to take.
CHILD = textwrap.dedent("""
    import math, sys, time
    import numpy as np
    import fftscope
    from fftscope import _engine
    _engine.set_chunk_bytes(1)
    device = sys.argv[1]
    probe = np.ones((4096, 64), np.complex128)
    fftscope.fft(probe, device=device)
    start = time.monotonic()
    fftscope.fft(probe, device=device)
    each = (time.monotonic() - start) / 4096
    rows = min(1 << 19, math.ceil(20 / each))
    x = np.ones((rows, 64), np.complex128)
    fftscope.fft(x[:8], device=device)
    print(f"ready {each * rows:.2f}", flush=True)
    start = time.monotonic()
    try:
        fftscope.fft(x, device=device)
    except KeyboardInterrupt:
        print(f"interrupted {time.monotonic() - start:.2f}", flush=True)
        sys.exit(0)
    print("finished", flush=True)
""")


# FFTW runs the most the test allocates in well under a second, too short to aim a signal at; the
# chunk loop it would test is the one the OpenCL devices use.
@pytest.mark.skipif(not fftscope.devices(), reason="no OpenCL device")
def test_sigint_interrupts_a_long_batch():
    child = subprocess.Popen([sys.executable, "-c", CHILD, ""], stdout=subprocess.PIPE, text=True)
    try:
        word, expected = child.stdout.readline().split()
        assert word == "ready" and float(expected) > 4, f"the batch is too short to interrupt ({expected} s)"
        time.sleep(1.0)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=60)
        assert time.monotonic() - sent < 10, "the child took too long to stop"
        word, took = out.split()
        assert word == "interrupted", out
        assert float(took) < float(expected) / 2
        assert child.returncode == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
