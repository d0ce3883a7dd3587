#!/usr/bin/env python3
"""fftscope filter's Butterworth band-stop and band-pass against SciPy: tones through the filter
keep the levels that the magnitude of scipy.signal.butter(N, [F1, F2], btype, fs) gives them
(evaluated from second-order sections; the (b, a) form of an order-8 band loses its notch depth to
rounding): within 0.1 dB wherever SciPy's gain is above -30 dB (pass bands, the -3 dB edges and the
transitions), at least 40 dB down wherever SciPy's is below -40 dB.
Usage: signal_band_filters.py FFTSCOPE   (needs python3-numpy and python3-scipy)"""
import os
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np
from scipy import signal

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner, write_wav  # noqa: E402

run = runner(sys.argv[1], timeout=600)
checks = Checks()
RATE = 48000
SECONDS = 4  # the FIR's transients at both ends stay outside the measured middle second
AMPLITUDE = 0.08


def write_tones(path, frequencies):
    n = np.arange(RATE * SECONDS)
    x = sum(AMPLITUDE * np.sin(2 * np.pi * f * n / RATE + 0.7 * i) for i, f in enumerate(frequencies))
    write_wav(path, np.round(x * 2**23).astype("<i4"), RATE, width=3)  # 24-bit: quantisation far below -40 dB


def read_wav(path):
    with wave.open(str(path), "rb") as w:
        assert w.getframerate() == RATE and w.getsampwidth() == 3 and w.getnchannels() == 1
        raw = np.frombuffer(w.readframes(w.getnframes()), dtype=np.uint8).reshape(-1, 3)
    values = raw[:, 0].astype(np.int32) | (raw[:, 1].astype(np.int32) << 8) | (raw[:, 2].astype(np.int32) << 16)
    values = np.where(values >= 2**23, values - 2**24, values)
    return values / 2**23


def tone_level_db(x, frequency):
    """The tone's amplitude over whole seconds in the middle (tones on whole hertz are orthogonal there)."""
    middle = x[RATE * (SECONDS // 2 - 1): RATE * (SECONDS // 2 + 1)]
    n = np.arange(len(middle)) + RATE * (SECONDS // 2 - 1)
    amplitude = 2 * abs(np.sum(middle * np.exp(-2j * np.pi * frequency * n / RATE))) / len(middle)
    return 20 * np.log10(max(amplitude, 1e-12) / AMPLITUDE)


def compare(folder, btype, order, f1, f2, frequencies):
    tones = folder / f"{btype}.wav"
    out = folder / f"{btype}-out.wav"
    write_tones(tones, frequencies)
    result = run("filter", tones, "-o", out, f"--{btype}", "butterworth", "--cutoff", f"{f1},{f2}", "--order", order)
    if not checks.check(f"fftscope filter --{btype}: exit 0", result.returncode == 0, result):
        return
    sos = signal.butter(order, [f1, f2], btype, fs=RATE, output="sos")
    _, h = signal.sosfreqz(sos, worN=np.array(frequencies, dtype=float), fs=RATE)
    expected = 20 * np.log10(np.maximum(np.abs(h), 1e-300))
    y = read_wav(out)
    for f, want in zip(frequencies, expected):
        got = tone_level_db(y, f)
        print(f"{btype} order {order} [{f1}, {f2}] Hz: {f:7.1f} Hz  SciPy {want:9.3f} dB  fftscope {got:9.3f} dB")
        if want > -30:
            checks.check(f"{btype} {f} Hz within 0.1 dB of SciPy", abs(got - want) <= 0.1,
                         f"{got:.3f} dB, SciPy {want:.3f} dB")
        if want < -40:
            checks.check(f"{btype} {f} Hz 40 dB down", got <= -40, f"{got:.3f} dB (SciPy {want:.3f} dB)")


with tempfile.TemporaryDirectory() as folder:
    folder = Path(folder)
    compare(folder, "bandstop", 4, 900, 1100, [300, 800, 880, 900, 950, 1000, 1050, 1100, 1120, 1300, 3000])
    compare(folder, "bandpass", 2, 300, 3400, [60, 150, 250, 300, 500, 1000, 3000, 3400, 4000, 6000, 12000])
checks.finish()
