#!/usr/bin/env python3
"""fftscope filter's Butterworth band-stop and band-pass against SciPy: tones through the filter
keep the levels that the magnitude of scipy.signal.butter(N, [F1, F2], btype, fs) gives them
(evaluated from second-order sections; the (b, a) form of an order-8 band loses its notch depth to
rounding): within 0.1 dB wherever SciPy's gain is above -30 dB (pass bands, the -3 dB edges and the
transitions), at least 40 dB down wherever SciPy's is below -40 dB.
Usage: signal_band_filters.py FFTSCOPE   (needs python3-numpy and python3-scipy)"""
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np
from scipy import signal

FFTSCOPE = sys.argv[1]
RATE = 48000
SECONDS = 4  # the FIR's transients at both ends stay outside the measured middle second
AMPLITUDE = 0.08


def write_wav(path, frequencies):
    n = np.arange(RATE * SECONDS)
    x = sum(AMPLITUDE * np.sin(2 * np.pi * f * n / RATE + 0.7 * i) for i, f in enumerate(frequencies))
    pcm = np.round(x * 2**23).astype("<i4")
    raw = b"".join(int(v).to_bytes(4, "little", signed=True)[:3] for v in pcm)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(3)  # 24-bit: quantisation far below the -40 dB being measured
        w.setframerate(RATE)
        w.writeframes(raw)


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


def check(folder, btype, order, f1, f2, frequencies):
    tones = folder / f"{btype}.wav"
    out = folder / f"{btype}-out.wav"
    write_wav(tones, frequencies)
    result = subprocess.run([FFTSCOPE, "filter", str(tones), "-o", str(out), f"--{btype}", "butterworth",
                             "--cutoff", f"{f1},{f2}", "--order", str(order)],
                            capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        sys.exit(f"fftscope filter --{btype}: exit {result.returncode}\n{result.stdout}{result.stderr}")
    sos = signal.butter(order, [f1, f2], btype, fs=RATE, output="sos")
    _, h = signal.sosfreqz(sos, worN=np.array(frequencies, dtype=float), fs=RATE)
    expected = 20 * np.log10(np.maximum(np.abs(h), 1e-300))
    y = read_wav(out)
    failures = []
    for f, want in zip(frequencies, expected):
        got = tone_level_db(y, f)
        print(f"{btype} order {order} [{f1}, {f2}] Hz: {f:7.1f} Hz  SciPy {want:9.3f} dB  fftscope {got:9.3f} dB")
        if want > -30 and abs(got - want) > 0.1:
            failures.append(f"{f} Hz: {got:.3f} dB, SciPy {want:.3f} dB")
        if want < -40 and got > -40:
            failures.append(f"{f} Hz: {got:.3f} dB, not 40 dB down (SciPy {want:.3f} dB)")
    return failures


with tempfile.TemporaryDirectory() as folder:
    folder = Path(folder)
    failures = check(folder, "bandstop", 4, 900, 1100, [300, 800, 880, 900, 950, 1000, 1050, 1100, 1120, 1300, 3000])
    failures += check(folder, "bandpass", 2, 300, 3400, [60, 150, 250, 300, 500, 1000, 3000, 3400, 4000, 6000, 12000])
    if failures:
        sys.exit("band filters differ from SciPy:\n  " + "\n  ".join(failures))
print("band filters: all match SciPy")
