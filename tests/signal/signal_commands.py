#!/usr/bin/env python3
"""fftscope spectrum / spectrogram / filter on signal files: outputs exist, levels are right,
bad input is refused with a message. Usage: signal_commands.py FFTSCOPE"""
import math
import os
import struct
import sys
import tempfile
import wave
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner, write_wav  # noqa: E402

fftscope = runner(sys.argv[1])
checks = Checks()
RATE = 48000


def write_tones(path, tones, seconds=1.0):
    samples = (sum(a * math.sin(2 * math.pi * f * n / RATE) for f, a in tones) for n in range(int(RATE * seconds)))
    write_wav(path, (max(-32768, min(32767, round(s * 32768))) for s in samples), RATE)


def run(*args, expect=0):
    """fftscope ARGS, checked to exit with `expect`; the result, or None when it did not."""
    result = fftscope(*args)
    ok = checks.check(f"fftscope {' '.join(map(str, args))}: exit {expect}", result.returncode == expect, result)
    return result if ok else None


def level_at(csv, frequency):
    rows = [line.split(",") for line in csv.read_text().splitlines() if line and line[0].isdigit()]
    return min(((abs(float(f) - frequency), float(level)) for f, level in rows))[1]


def tone_amplitude(path, frequency):
    with wave.open(str(path), "rb") as w:
        assert w.getframerate() == RATE and w.getsampwidth() == 2 and w.getnchannels() == 1
        data = struct.unpack(f"<{w.getnframes()}h", w.readframes(w.getnframes()))
    x = data[RATE // 4: 3 * RATE // 4]
    re = sum(v * math.cos(2 * math.pi * frequency * n / RATE) for n, v in enumerate(x))
    im = sum(v * math.sin(2 * math.pi * frequency * n / RATE) for n, v in enumerate(x))
    return 2 * math.hypot(re, im) / len(x) / 32768


with tempfile.TemporaryDirectory() as folder:
    folder = Path(folder)
    tones = folder / "tones.wav"
    write_tones(tones, [(1000.0, 0.5), (2000.0, 0.25)])

    out = run("spectrum", tones, "-o", folder / "s.csv", "--window", "flat-top", "--size", "8192")
    if out:
        checks.check("spectrum prints the 1 kHz peak", "1000" in out.stdout, out.stdout)
        level = level_at(folder / "s.csv", 1000.0)
        checks.check("1 kHz reads -6.02 dBFS", abs(level - -6.02) < 0.1, f"1 kHz reads {level} dBFS")
        checks.check("the CSV names its window", "# window: flat-top" in (folder / "s.csv").read_text())
    run("spectrum", tones, "-o", folder / "psd.csv", "--average", "welch", "--overlap", "50", "--scale", "psd")

    if run("spectrogram", tones, "-o", folder / "g.png", "--fftw"):
        checks.check("the spectrogram is a PNG", (folder / "g.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n")

    if run("filter", tones, "-o", folder / "f.wav", "--bandstop", "ideal", "--cutoff", "900,1100"):
        removed = 20 * math.log10(tone_amplitude(folder / "f.wav", 1000.0) / 0.5)
        kept = 20 * math.log10(tone_amplitude(folder / "f.wav", 2000.0) / 0.25)
        checks.check("the band-stop removes 1 kHz and keeps 2 kHz", removed < -40 and abs(kept) < 0.5,
                     f"1 kHz {removed} dB, 2 kHz {kept} dB")

    bad = folder / "bad.csv"
    bad.write_text("0.1\n0.2\nzero\n")
    err = run("spectrum", bad, "-o", folder / "x.csv", "--rate", "1000", expect=1)
    if err:
        checks.check("a bad number names its line", "line 3" in err.stderr, err.stderr)
    cut = folder / "cut.wav"
    cut.write_bytes(tones.read_bytes()[:50000])
    err = run("filter", cut, "-o", folder / "y.wav", "--lowpass", "butterworth", "--cutoff", "500", expect=1)
    if err:
        checks.check("a cut WAV is called truncated", "truncated" in err.stderr, err.stderr)
        checks.check("a cut WAV writes nothing", not (folder / "y.wav").exists())
    run("filter", tones, "-o", folder / "z.wav", "--bandstop", "ideal", "--cutoff", "1100,900", expect=1)
checks.finish()
