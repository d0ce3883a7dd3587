#!/usr/bin/env python3
"""Every command's output goes through the one atomic writer: an output that is a device node or a
FIFO is written through, not replaced; an output that is the input (whatever the path or link) is
refused and the input kept; past a file size limit or on a full disk the command reports the file
and the reason, is not killed by SIGXFSZ, and leaves the existing output whole and no temporary
file behind.  Device nodes and a full tmpfs need root; without it a FIFO and a file size limit reach
the same code.  Usage: output_paths.py FFTSCOPE FFTSCOPE-CLI"""
import math
import os
import resource
import struct
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner, write_wav  # noqa: E402

env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
fftscope, cli = runner(sys.argv[1], env), runner(sys.argv[2], env)
checks = Checks()
check = checks.check
root = os.geteuid() == 0


def run(program, *args, file_limit=None, cwd=None):
    def limit():
        if file_limit is not None:  # SIGXFSZ left at its default: the program must ignore it itself
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))
    return program(*args, preexec_fn=limit, cwd=cwd)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def leftovers(folder):
    return [n for n in os.listdir(folder) if n.endswith(".part") or ".part-" in n]


def write_tone(path, seconds=1.0, rate=48000):
    """1 kHz at a quarter of full scale, 16-bit."""
    write_wav(path, (int(8000 * math.sin(2 * math.pi * 1000 * i / rate)) for i in range(int(seconds * rate))), rate)


def write_npy(path, rows, cols):
    header = "{'descr': '<c8', 'fortran_order': False, 'shape': (%d, %d), }" % (rows, cols)
    header += " " * (64 - (10 + len(header) + 1) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<ff", 1.0, 0.0) * (rows * cols))


def special_output(path):
    """A character device (/dev/null's numbers) as root, else a FIFO drained by a thread."""
    if root:
        os.mknod(path, 0o666 | 0o020000, os.makedev(1, 3))
        return None
    os.mkfifo(path)
    reader = threading.Thread(target=lambda: read(path), daemon=True)
    reader.start()
    return reader


with tempfile.TemporaryDirectory() as tmp:
    wav = os.path.join(tmp, "in.wav")
    write_tone(wav)
    image = os.path.join(tmp, "in.png")
    r = run(fftscope, "spectrum", wav, "-o", os.path.join(tmp, "seed.csv"))
    check("a plain spectrum works", r.returncode == 0, r)
    # A picture to filter: the spectrogram of the tone.
    r = run(fftscope, "spectrogram", wav, "-o", image, "--size", "256", "--width", "128", "--fftw")
    check("a plain spectrogram works", r.returncode == 0 and os.path.getsize(image) > 0, r)

    # Case 20: the output is a device node (or FIFO): written through, still that node afterwards.
    for name, program, args, extension in [
        ("signal spectrum CSV", fftscope, ["spectrum", wav, "-o"], ".csv"),
        ("image spectrum PNG", fftscope, ["spectrum", image, "-o"], ".png"),
        ("signal filter WAV", fftscope, ["filter", wav, "--lowpass", "butterworth", "--cutoff", "5000", "-o"], ".wav"),
        ("bench --json", cli, ["bench", "--sizes", "64", "--variants", "r2", "--repeat", "1", "--warmup", "0", "--json"],
         ".json"),
    ]:
        if name == "signal filter WAV" and not root:
            continue  # a WAV header is rewritten by seeking, which a FIFO cannot
        node = os.path.join(tmp, "node-" + name.replace(" ", "_") + extension)
        reader = special_output(node)
        r = run(program, *args, node)
        if reader:
            reader.join(30)
        mode = os.lstat(node).st_mode
        check(f"{name}: written through the {'device node' if root else 'FIFO'}, not replaced",
              r.returncode == 0 and (os.path.stat.S_ISCHR(mode) if root else os.path.stat.S_ISFIFO(mode)), r)
        os.remove(node)

    # Case 23: an output that is the input, by the same name, another spelling or a link.
    same_wav = os.path.join(tmp, "same.wav")
    write_tone(same_wav, 0.1)
    before = read(same_wav)
    r = run(fftscope, "filter", same_wav, "-o", same_wav, "--lowpass", "butterworth", "--cutoff", "500")
    check("signal filter onto its input is refused", r.returncode == 1 and "it is the input" in r.stderr
          and read(same_wav) == before, r)
    os.symlink("same.wav", os.path.join(tmp, "link.wav"))
    r = run(fftscope, "spectrum", same_wav, "-o", "link.wav", cwd=tmp)
    check("signal spectrum onto a link to its input is refused", r.returncode == 1 and "it is the input" in r.stderr
          and read(same_wav) == before, r)
    before = read(image)
    r = run(fftscope, "filter", image, "-o", os.path.join(tmp, ".", "in.png"), "--lowpass", "gaussian", "--cutoff", "0.1")
    check("image filter onto its input is refused", r.returncode == 1 and "it is the input" in r.stderr
          and read(image) == before, r)

    # Cases 22 and 24: past a file size limit: reported (not SIGXFSZ), old output whole, no temporary.
    npy = os.path.join(tmp, "big.npy")
    write_npy(npy, 512, 1024)  # 4 MiB of complex64
    r = run(cli, "fft", "--in", npy, "--out", os.path.join(tmp, "warm.npy"))  # builds the kernels first
    check("fft runs", r.returncode == 0, r)
    for name, program, args, limit in [
        ("fft --out", cli, ["fft", "--in", npy, "--out"], 3000000),
        ("signal filter", fftscope, ["filter", wav, "--lowpass", "butterworth", "--cutoff", "5000", "-o"], 20000),
        ("signal spectrum", fftscope, ["spectrum", wav, "--size", "65536", "-o"], 20000),
        ("signal spectrogram", fftscope, ["spectrogram", wav, "--size", "512", "--width", "1000", "--fftw", "-o"], 20000),
    ]:
        out = os.path.join(tmp, "existing" + {"fft --out": ".npy", "signal filter": ".wav",
                                              "signal spectrum": ".csv"}.get(name, ".png"))
        with open(out, "wb") as f:
            f.write(b"old output")
        r = run(program, *args, out, file_limit=limit)
        check(f"{name} past a file size limit: reported naming the file, old output kept, no temporary",
              r.returncode in (1, 2) and out in r.stderr and "too large" in r.stderr.lower()
              and read(out) == b"old output" and not leftovers(tmp), r)

    # Cases 21 and 52: a full disk (a 64 KiB tmpfs, as root): the reason and the file named.
    full = os.path.join(tmp, "full")
    os.mkdir(full)
    if root and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", full],
                               capture_output=True).returncode == 0:
        try:
            with open(os.path.join(full, "existing.npy"), "wb") as f:
                f.write(b"old output")
            with open(os.path.join(full, "filler"), "wb") as f:
                f.write(bytes(50 * 1024))
            for name, program, args, out in [
                ("fft --out", cli, ["fft", "--in", npy, "--out"], "existing.npy"),
                ("signal spectrum", fftscope, ["spectrum", wav, "--size", "65536", "-o"], "s.csv"),
                ("signal filter", fftscope, ["filter", wav, "--lowpass", "butterworth", "--cutoff", "5000", "-o"], "f.wav"),
            ]:
                target = os.path.join(full, out)
                r = run(program, *args, target)
                check(f"{name} on a full disk: the file and the reason named, nothing left",
                      r.returncode in (1, 2) and target in r.stderr and "No space left" in r.stderr
                      and sorted(os.listdir(full)) == ["existing.npy", "filler"]
                      and read(os.path.join(full, "existing.npy")) == b"old output", r)
        finally:
            subprocess.run(["umount", full])
    else:
        print("full disk: not root or no tmpfs here; the file size limit above reaches the same writer")

checks.finish()
