#!/usr/bin/env python3
"""The hostile signal inputs and options of docs/reliability.md, each run through `fftscope
spectrum / spectrogram / filter` with a small crafted input: refused with a message naming the
file or the option and the value, in bounded time and memory, and no output written; or read
correctly where the input is legal. Sizes that would take gigabytes reach the same refusals under
a lowered FFTSCOPE_MEMORY_LIMIT or an address-space limit. Usage: signal_bad_inputs.py FFTSCOPE"""
import math
import os
import resource
import struct
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

fftscope = runner(sys.argv[1], timeout=120)
checks = Checks()
RATE = 48000


def write_wav(path, seconds=0.25, rate=RATE):
    frames = int(RATE * seconds)
    data = b"".join(struct.pack("<h", round(16000 * math.sin(2 * math.pi * 1000 * n / RATE))) for n in range(frames))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, (2 * rate) & 0xFFFFFFFF, 2, 16)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(data)) + data
    path.write_bytes(b"RIFF" + struct.pack("<I", len(body)) + body)
    return path


def run(case, args, expect, *words, env=None, limit_as=None, seconds=20, absent=None):
    """Runs fftscope ARGS; the exit status must be `expect`, stderr must hold every word, it must
    end within `seconds`, and `absent` (an output) must not exist afterwards."""
    started = time.monotonic()
    preexec = (lambda: resource.setrlimit(resource.RLIMIT_AS, (limit_as, limit_as))) if limit_as else None
    result = fftscope(*args, env=env, preexec_fn=preexec)
    took = time.monotonic() - started
    problems = []
    if result.returncode != expect:
        problems.append(f"exit {result.returncode}, expected {expect}")
    problems += [f"no '{w}' in the message" for w in words if w not in result.stderr]
    if took > seconds:
        problems.append(f"took {took:.1f} s")
    if absent is not None and Path(absent).exists():
        problems.append(f"{absent} was written")
    checks.check(f"case {case}: fftscope {' '.join(map(str, args))}", not problems,
                 f"{'; '.join(problems)}\n{result.stderr}")
    return result


def patched(source, target, at, data):
    b = bytearray(Path(source).read_bytes())
    b[at:at + len(data)] = data
    Path(target).write_bytes(bytes(b))
    return target


def chunk(data, tag, big_endian=False):
    """Offset of a RIFF/AIFF chunk's body."""
    at = 12
    while at + 8 <= len(data):
        size = struct.unpack(">I" if big_endian else "<I", data[at + 4:at + 8])[0]
        if data[at:at + 4] == tag:
            return at + 8
        at += 8 + size + (size & 1)
    raise AssertionError(f"no {tag} chunk")


def extended80(value):
    """An AIFF COMM rate: +inf, NaN or a finite value as 80-bit extended."""
    if math.isinf(value):
        return b"\x7f\xff" + b"\x80" + b"\x00" * 7
    if math.isnan(value):
        return b"\x7f\xff" + b"\xc0" + b"\x00" * 7
    if value == 0:
        return b"\x00" * 10
    mantissa, exponent = math.frexp(value)  # value = mantissa 2^exponent, 0.5 <= mantissa < 1
    return struct.pack(">HQ", exponent - 1 + 16383, int(mantissa * 2 ** 64))


with tempfile.TemporaryDirectory() as folder:
    f = Path(folder)
    os.chdir(f)
    ok = write_wav(f / "ok.wav")
    out = f / "out.wav"
    # Containers written by fftscope itself, then patched.
    for name in ("base.flac", "base.rf64", "base.aiff"):
        run("setup", ["filter", ok, "-o", f / name], 0)
    flac, rf64, aiff = (f / "base.flac").read_bytes(), (f / "base.rf64").read_bytes(), (f / "base.aiff").read_bytes()
    ok_csv = f / "ok.csv"
    ok_csv.write_text("".join(f"{math.sin(n / 10):.4f}\n" for n in range(2000)))

    # 2, 3, 37: a display range that is not a positive number of dB
    for value in ("0", "nan", "-10"):
        run(2, ["spectrogram", ok, "-o", f / "g.png", "--range", value, "--fftw"], 2, "--range " + value,
            absent=f / "g.png")
    # 4, 38: FFT sizes beyond FFTW's int and of 0
    run(4, ["spectrum", ok, "-o", f / "s.csv", "--size", "4294967298"], 1, "4294967298", "2147483647", absent=f / "s.csv")
    for command in ("spectrum", "spectrogram"):
        run(38, [command, ok, "-o", f / "s.csv", "--size", "0"], 2, "--size 0", absent=f / "s.csv")
    # 5: 2^28 points under an address-space limit and under FFTSCOPE_MEMORY_LIMIT
    run(5, ["spectrum", ok, "-o", f / "s.csv", "--size", str(2 ** 28)], 1, "needs about", "available",
        limit_as=4_000_000_000, absent=f / "s.csv")
    run(5, ["spectrum", ok, "-o", f / "s.csv", "--size", str(2 ** 20)], 1, "needs about", "available",
        env={"FFTSCOPE_MEMORY_LIMIT": str(8 << 20)}, absent=f / "s.csv")
    # 6, 43: FIR lengths beyond the memory and beyond any meaning
    run(6, ["filter", ok, "-o", out, "--taps", "67108865"], 1, "needs about", env={"FFTSCOPE_MEMORY_LIMIT": str(64 << 20)},
        absent=out)
    run(43, ["filter", ok, "-o", out, "--taps", "18446744073709551615"], 2, "--taps 18446744073709551615", absent=out)
    # 9, 10, 11, 32: hum notches
    run(9, ["filter", ok, "-o", out, "--hum", "1", "--harmonics", "100000"], 2, "--hum 1", "twice the width", absent=out)
    run(10, ["filter", ok, "-o", out, "--hum", "0.001", "--harmonics", "1000000000"], 2, "--hum 0.001", absent=out)
    fast = write_wav(f / "fast.wav", seconds=0.01, rate=2147483647)
    run(11, ["filter", fast, "-o", out, "--hum", "50", "--harmonics", "1000000000"], 2, "at most 4096 notches", absent=out)
    for option in (["--hum", "0"], ["--hum", "-50"], ["--hum", "nan"], ["--hum", "50", "--harmonics", "-5"]):
        run(32, ["filter", ok, "-o", out, *option], 2, "--hum " + option[1], absent=out)
    run(32, ["filter", ok, "-o", out, "--harmonics", "3"], 2, "--harmonics needs --hum", absent=out)
    run("hum", ["filter", ok, "-o", out, "--hum", "50", "--harmonics", "1000"], 0, seconds=10)  # 479 notches, quickly
    out.unlink()
    # 33: notches outside 0 .. Nyquist
    for value in ("-1000", "1e9"):
        run(33, ["filter", ok, "-o", out, "--notch", value], 2, "--notch " + value, "24000 Hz", absent=out)
    # 15, 16, 42: FLAC STREAMINFO total samples (36 bits from byte 13 of the block, after 8 bytes)
    def flac_total(total):
        b = bytearray(flac)
        b[8 + 13] = (b[8 + 13] & 0xF0) | ((total >> 32) & 0x0F)
        b[8 + 14:8 + 18] = (total & 0xFFFFFFFF).to_bytes(4, "big")
        return b
    for case, total in ((15, 2 ** 30), (16, 2 ** 32)):
        (f / "lie.flac").write_bytes(flac_total(total))
        run(case, ["spectrum", f / "lie.flac", "-o", f / "s.csv"], 1, "lie.flac", f"declares {total} frames",
            absent=f / "s.csv")
    (f / "unknown.flac").write_bytes(flac_total(0))
    run(42, ["spectrum", f / "unknown.flac", "-o", f / "s.csv"], 0, seconds=10)
    # 30: FLAC STREAMINFO rate 0 (20 bits from byte 10 of the block)
    b = bytearray(flac)
    b[18], b[19], b[20] = 0, 0, b[20] & 0x0F
    (f / "rate0.flac").write_bytes(b)
    run(30, ["spectrum", f / "rate0.flac", "-o", f / "s.csv"], 1, "rate0.flac", "sample rate is zero")
    # 17: a line of 17 MiB
    (f / "wide.csv").write_text("0," * (17 << 19) + "0\n")
    run(17, ["spectrum", f / "wide.csv", "--rate", "48000", "-o", f / "s.csv"], 1, "wide.csv, line 1", "16 MiB")
    # 41: 70,000 columns; 2,000 columns into a WAV, refused before the filtering
    (f / "cols.csv").write_text(",".join(["0.5"] * 70000) + "\n")
    run(41, ["spectrum", f / "cols.csv", "--rate", "48000", "-o", f / "s.csv"], 1, "more than 65536 columns")
    (f / "c2000.csv").write_text((",".join(["0.5"] * 2000) + "\n") * 2)
    run(41, ["filter", f / "c2000.csv", "--rate", "48000", "-o", out, "--lowpass", "butterworth", "--cutoff", "1000"], 1,
        "out.wav", "2000 channels", seconds=3, absent=out)
    # 18, 19, 44: spectrogram sizes and columns beyond the memory, the picture and the hop
    run(18, ["spectrogram", ok, "-o", f / "g.png", "--size", str(2 ** 28), "--fftw"], 1, "needs about",
        env={"FFTSCOPE_MEMORY_LIMIT": str(256 << 20)}, absent=f / "g.png")
    for width in ("0", "1000001"):
        run(19, ["spectrogram", ok, "-o", f / "g.png", "--width", width, "--fftw"], 2, "--width " + width)
    run(19, ["spectrogram", ok, "-o", f / "g.png", "--width", "1000000", "--overlap", "99", "--fftw"], 1,
        "a spectrogram of", "needs about", env={"FFTSCOPE_MEMORY_LIMIT": str(4 << 20)}, absent=f / "g.png")
    run(44, ["spectrogram", ok, "-o", f / "g.png", "--overlap", "99.99", "--size", "64", "--fftw"], 2,
        "--overlap 99.99", "the hop is at least 1")
    # 25, 26: RF64 cut in half; ds64 declaring 12 GiB and 2^61 bytes
    (f / "cut.rf64").write_bytes(rf64[:len(rf64) // 2])
    run(25, ["filter", f / "cut.rf64", "-o", out], 1, "cut.rf64", "truncated", absent=out)
    ds64 = chunk(rf64, b"ds64")
    for declared in (12 << 30, 2 ** 61):
        patched(f / "base.rf64", f / "lie.rf64", ds64 + 8, struct.pack("<Q", declared))
        run(26, ["spectrum", f / "lie.rf64", "-o", f / "s.csv"], 1, "lie.rf64", f"declares {declared} bytes")
    # 27, 46: rates a WAV cannot hold, refused before the filtering
    for rate in ("4295015296", "1e308"):
        run(27, ["filter", ok_csv, "--rate", rate, "-o", out, "--lowpass", "butterworth", "--cutoff", "5000"], 1,
            "out.wav", "whole hertz from 1 to 2147483647", absent=out)
    # 28, 29: AIFF COMM rates 0, inf, NaN, 1e300 (80-bit from byte 8 of the chunk)
    comm = chunk(aiff, b"COMM", big_endian=True)
    for value, words in ((0.0, "sample rate is zero"), (math.inf, "inf Hz"), (math.nan, "nan Hz"), (1e300, "1e+300 Hz")):
        patched(f / "base.aiff", f / "rate.aiff", comm + 8, extended80(value))
        run(28 if value == 0 else 29, ["spectrum", f / "rate.aiff", "-o", f / "s.csv"], 1, "rate.aiff", words)
    patched(f / "base.aiff", f / "rate.aiff", comm + 8, extended80(44100.0))
    run("aiff", ["spectrum", f / "rate.aiff", "-o", f / "s.csv"], 0)
    # 31, 39: window parameters
    for value in ("1000", "nan"):
        run(31, ["spectrum", ok, "-o", f / "s.csv", "--window", "kaiser", "--window-parameter", value], 2,
            "--window-parameter " + value, "Kaiser beta")
    run(69, ["spectrum", ok, "-o", f / "s.csv", "--window", "nonsense"], 2, "--window nonsense: unknown window")
    # 34, 45: gain curves beyond any meaning; a boost that clips says so
    for curve in ("100:400", "100:1e300"):
        run(34, ["filter", ok, "-o", out, "--gain-curve", curve], 2, "--gain-curve " + curve, "-400 to +120 dB", absent=out)
    run("clip", ["filter", ok, "-o", out, "--gain-curve", "100:40"], 0, "clipped")
    # 39, 40: overlaps
    run(39, ["spectrum", ok, "-o", f / "s.csv", "--average", "welch", "--overlap", "-50"], 2, "--overlap -50")
    run(39, ["spectrogram", ok, "-o", f / "g.png", "--overlap", "-1", "--fftw"], 2, "--overlap -1")
    run(40, ["spectrum", ok, "-o", f / "s.csv", "--average", "welch", "--overlap", "99.99999"], 2, "--overlap 99.99999",
        "at most 99.6")
    # 47: a time column stepping 5e-324 s
    (f / "tiny.csv").write_text("".join(f"{n * 5e-324!r},0.5\n" for n in range(4)))
    run(47, ["spectrum", f / "tiny.csv", "--time-column", "1", "-o", f / "s.csv"], 1, "tiny.csv, line 2", "steps by")
    # 48: a WAV rate of 4,000,000,000
    run(48, ["spectrum", write_wav(f / "r4e9.wav", rate=4000000000), "-o", f / "s.csv"], 1, "r4e9.wav",
        "sample rate of 4e+09 Hz")
    # 49: UTF-16 with and without a byte-order mark; a NUL byte
    (f / "bom.csv").write_bytes("0.1\n0.2\n".encode("utf-16"))
    (f / "nobom.csv").write_bytes("0.125\n0.25\n".encode("utf-16-le"))
    (f / "nul.csv").write_bytes(b"0.1\n0.\x002\n0.3\n")
    for name, words in (("bom.csv", "UTF-16"), ("nobom.csv", "UTF-16"), ("nul.csv", "line 2: holds a NUL byte")):
        run(49, ["spectrum", f / name, "--rate", "48000", "-o", f / "s.csv"], 1, name, words)
    # 50, 51: raw options
    (f / "x.raw").write_bytes(b"\x00\x10" * 4800)
    run(50, ["spectrum", f / "x.raw", "--rate", "48000", "--raw-channels", "2400", "-o", f / "s.csv"], 2,
        "--raw-channels 2400", "1 to 1024")
    for rate in ("3e9", "1e300", "0.3"):
        run(51, ["spectrum", f / "x.raw", "--rate", rate, "-o", f / "s.csv"], 0)
    run(51, ["spectrum", f / "x.raw", "-o", f / "s.csv"], 2, "--rate 0")
    (f / "zero.raw").symlink_to("/dev/zero")
    run(61, ["spectrum", f / "zero.raw", "--rate", "48000", "-o", f / "s.csv"], 1, "zero.raw: not a regular file")

checks.finish()
