#!/usr/bin/env python3
"""fftscope filter/spectrum against bad numbers and failing writes: every number is checked whole
and in range with a message naming the option (exit 2, quickly, nothing written); a write that
fails midway, or an output that cannot be written, leaves every existing file as it was (the input
too) and no temporary file behind.  Usage: headless_bad_inputs.py FFTSCOPE SAMPLE.png"""
import os
import resource
import signal
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner, without_display  # noqa: E402

fftscope = runner(sys.argv[1], without_display())
checks = Checks()
check, finish = checks.check, checks.finish

sample = sys.argv[2]


def run(*args, file_limit=None, timeout=120):
    """The result (None past the timeout) and the seconds it took; file_limit: RLIMIT_FSIZE in bytes."""
    def limit():
        if file_limit is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))
    start = time.monotonic()
    r = fftscope(*args, timeout=timeout, preexec_fn=limit)
    if r.returncode is None:
        return None, timeout
    return r, time.monotonic() - start


def read(path):
    with open(path, "rb") as f:
        return f.read()


with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "out.png")
    # (arguments after "filter IN -o OUT", words the message must hold)
    for args, words in [
        (["--notch", "0.1,0.1,4e6"], ["--notch", "RADIUS", "4e+06", "(0, 1]"]),
        (["--notch", "nan,0.1,0.05"], ["--notch", "'nan' is not a finite number"]),
        (["--notch", "0.1,inf,0.05"], ["--notch", "'inf' is not a finite number"]),
        (["--notch", "0.1,0.1,1e300"], ["--notch", "(0, 1]"]),
        (["--notch", "0.1,0.1,0"], ["--notch", "(0, 1]"]),
        (["--notch", "0.6,0.1,0.05"], ["--notch", "FX", "[-0.5, 0.5]"]),
        (["--notch", "0.1,0.1"], ["--notch", "3 comma-separated numbers"]),
        (["--notch", "0.1,0.1,0.05x"], ["--notch", "'0.05x' is not a number"]),
        (["--lowpass", "gaussian", "--cutoff", "0.7"], ["--cutoff", "0.7", "(0, 0.5]"]),
        (["--lowpass", "gaussian", "--cutoff", "-0.1"], ["--cutoff", "(0, 0.5]"]),
        (["--lowpass", "gaussian", "--cutoff", "1e999"], ["--cutoff", "not a number"]),
        (["--lowpass", "gaussian", "--cutoff", "0.1 "], ["--cutoff", "not a number"]),
        (["--bandpass", "ideal", "--cutoff", "0.1,0.9"], ["--cutoff", "F2", "(0, 0.5]"]),
        (["--bandpass", "ideal", "--cutoff", "0.3,0.2"], ["--cutoff", "f1 < f2"]),
        (["--lowpass", "butterworth", "--cutoff", "0.1", "--order", "2.5"], ["--order", "whole number"]),
        (["--lowpass", "butterworth", "--cutoff", "0.1", "--order", "0"], ["--order", "[1, 64]"]),
        (["--lowpass", "butterworth", "--cutoff", "0.1", "--order", "1e12"], ["--order", "[1, 64]"]),
        (["--lowpass", "butterworth", "--cutoff", "0.1", "--order", "nan"], ["--order", "finite"]),
    ]:
        r, seconds = run("filter", sample, "-o", out, *args)
        name = "usage error " + " ".join(args)
        if r is None:
            check(name, False, "still running after %.0f s" % seconds)
            continue
        check(name, r.returncode == 2 and all(w in r.stderr for w in words), r.stderr[:300])
        check(name + " is quick", seconds < 30, "%.1f s" % seconds)
        check(name + " writes nothing", not os.path.exists(out))

    # A device index too long for any integer: named as out of range (not by a conversion's
    # exception), and the command goes on with FFTW, as for any device it cannot use.
    r, _ = run("spectrum", sample, "-o", out, "--device", "9" * 30)
    check("a huge device index is out of range", r is not None and r.returncode == 0 and
          "device index " + "9" * 30 + " out of range" in r.stderr, r.stderr if r else "timeout")
    os.remove(out)

    # A write past the file size limit onto an existing output: the output stays whole.
    victim = os.path.join(tmp, "victim.png")
    with open(victim, "wb") as f:
        f.write(read(sample))
    before = read(victim)
    existing = os.path.join(tmp, "existing.png")
    with open(existing, "wb") as f:
        f.write(before)
    r, _ = run("filter", victim, "-o", existing, "--fftw", "--lowpass", "gaussian", "--cutoff", "0.1",
               file_limit=len(before) // 4)
    check("a write past the size limit fails", r is not None and r.returncode == 1 and "existing.png" in r.stderr
          and "File too large" in r.stderr, r.stderr if r else "timeout")
    check("the existing output survives a failed write", read(existing) == before)
    check("no temporary file is left", sorted(os.listdir(tmp)) == ["existing.png", "victim.png"], str(os.listdir(tmp)))
    os.remove(existing)

    # One output that cannot be written: none of the outputs appear, an existing one is untouched.
    ok = os.path.join(tmp, "ok.png")
    r, _ = run("filter", victim, "-o", ok, "--fftw", "--spectrum", os.path.join(tmp, "missing", "s.png"))
    check("an unwritable second output fails", r is not None and r.returncode == 1 and "missing" in r.stderr,
          r.stderr if r else "timeout")
    check("the first output is not written either", not os.path.exists(ok))
    with open(ok, "wb") as f:
        f.write(b"old")
    r, _ = run("filter", victim, "-o", ok, "--fftw", "--mask", tmp)
    check("a folder as an output fails", r is not None and r.returncode == 1, r.stderr if r else "timeout")
    check("an existing output is kept when another fails", read(ok) == b"old")
    check("still no temporary file", sorted(os.listdir(tmp)) == ["ok.png", "victim.png"], str(os.listdir(tmp)))

    # The input as the output: refused, as batch mode does, whatever could be written.
    r, _ = run("filter", victim, "-o", victim, "--fftw", "--lowpass", "gaussian", "--cutoff", "0.1")
    check("filtering in place is refused", r is not None and r.returncode == 1 and "it is the input" in r.stderr,
          r.stderr if r else "timeout")
    check("the input is kept", read(victim) == before)

finish()
