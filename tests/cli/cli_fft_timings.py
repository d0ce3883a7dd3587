#!/usr/bin/python3
"""fft --timings: one line on stderr naming every phase of a start with its milliseconds, whose parts
add up to the time in main; on the device and with FFTW (no OpenCL platform), with the file read as
it is and converted; the results unchanged beside NumPy's. Without --timings, no such line.
Usage: cli_fft_timings.py PATH/TO/fftscope-cli"""
import os
import re
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

run = runner(sys.argv[1], timeout=300)
checks = Checks()
expect = checks.check

PHASES = ["options", "devices", "plan", "buffers", "read", "convert", "upload", "transform", "download", "write",
          "fsync", "rename", "release"]


def phases(stderr):
    """{phase: (ms, detail)} of the one timings line, with "start to main" and "in main"; None if
    there is not exactly one."""
    lines = [line for line in stderr.splitlines() if line.startswith("timings (ms): ")]
    if len(lines) != 1:
        return None
    found = {}
    for part in lines[0][len("timings (ms): "):].split(" | "):
        m = re.fullmatch(r"([a-z ,]+?) (-?[0-9.]+|unknown)(?: \((.*)\))?", part)
        if not m:
            return None
        found[m.group(1)] = (None if m.group(2) == "unknown" else float(m.group(2)), m.group(3) or "")
    return found


def check_line(name, r, wanted):
    got = phases(r.stderr)
    expect(f"{name}: exit 0 and one timings line", r.returncode == 0 and got is not None, r)
    if got is None:
        return None
    names = [p for p in got if p not in ("start to main", "in main")]
    expect(f"{name}: the phases in order {wanted}", names == wanted, r)
    expect(f"{name}: start to main and in main", "start to main" in got and "in main" in got, r)
    expect(f"{name}: every phase a time of at least 0", all(v[0] is None or v[0] >= 0 for v in got.values()), r)
    total = sum(got[p][0] for p in names)
    # Each part is rounded to 0.1 ms.
    expect(f"{name}: the parts add up to the time in main ({total:.1f} against {got['in main'][0]})",
           abs(total - got["in main"][0]) <= 0.05 * len(names) + 0.1, r)
    return got


with tempfile.TemporaryDirectory() as folder:
    rng = np.random.default_rng(42)
    x = (rng.random((64, 128)) - 0.5 + 1j * (rng.random((64, 128)) - 0.5)).astype(np.complex64)
    source, output = os.path.join(folder, "x.npy"), os.path.join(folder, "y.npy")
    np.save(source, x)
    want = np.fft.fft2(x.astype(np.complex128))

    def close(path, reference, tolerance):
        y = np.load(path)
        return np.linalg.norm(y - reference) / np.linalg.norm(reference) < tolerance

    r = run("fft", "--2d", "--in", source, "--out", output)
    expect("without --timings no timings line", r.returncode == 0 and "timings" not in r.stderr, r)

    # On the device: the file holds the plan's type, read as it is.
    got = check_line("device", run("fft", "--2d", "--in", source, "--out", output, "--timings"), PHASES)
    if got:
        expect("device: nothing converted", got["convert"][1].startswith("none"), None)
        expect("device: the bytes read", got["read"][1].startswith(f"{x.nbytes} bytes in "), None)
        expect("device: the plan says what it built", "built from source" in got["plan"][1], None)
        expect("device: the kernels' own time", got["transform"][1].startswith("kernels "), None)
    expect("device: the result as NumPy's", close(output, want, 1e-5))

    # complex128 transformed in f32: converted on the way in, as before.
    wide = os.path.join(folder, "x128.npy")
    np.save(wide, x.astype(np.complex128))
    got = check_line("converted", run("fft", "--2d", "--in", wide, "--out", output, "--precision", "f32", "--timings"),
                     PHASES)
    if got:
        expect("converted: convert is a phase of its own", not got["convert"][1].startswith("none"), None)
    expect("converted: complex64 out, as NumPy's", np.load(output).dtype == np.complex64 and close(output, want, 1e-5))

    # Real rows into complex ones.
    rows = rng.standard_normal((3, 100))
    real = os.path.join(folder, "rows.npy")
    np.save(real, rows)
    check_line("real rows", run("fft", "--in", real, "--out", output, "--timings"), PHASES)
    expect("real rows: as NumPy's", close(output, np.fft.fft(rows, axis=-1), 1e-12))

    # With FFTW where there is no OpenCL platform: the same phases, the device's ones empty.
    empty = os.path.join(folder, "no-vendors")
    os.mkdir(empty)
    r = run("fft", "--2d", "--in", source, "--out", output, "--timings", env={"OCL_ICD_VENDORS": empty})
    if "no OpenCL platform" in r.stderr:
        got = check_line("fftw", r, PHASES)
        if got:
            expect("fftw: no device", got["devices"][1] == "none" and got["transform"][1] == "FFTW", r)
        expect("fftw: the result as NumPy's", close(output, want, 1e-5))
    else:
        print("the ICD loader ignores OCL_ICD_VENDORS here; FFTW's phases not checked")

    # rfft: the device's run is one phase.
    got = check_line("rfft", run("fft", "--real", "--in", real, "--out", output, "--timings"),
                     ["options", "devices", "plan", "read", "convert", "upload, transform, download",
                      "write, fsync, rename"])
    expect("rfft: as NumPy's", close(output, np.fft.rfft(rows, axis=-1), 1e-12))

checks.finish()
