"""What the script tests share: a program run with a time limit and its output captured as text,
checks counted with the details of each failure, and small input files written.

ctest runs each script as `python3 SOURCE/tests/FOLDER/SCRIPT.py`, so a script finds this folder
from its own path:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
"""
import os
import subprocess
import sys
import wave


def without_display(environment=None):
    """The environment (os.environ by default) as on a server: the program must need no display."""
    environment = os.environ if environment is None else environment
    return {k: v for k, v in environment.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}


def _text(output):
    return output.decode(errors="replace") if isinstance(output, bytes) else (output or "")


def runner(program, env=None, timeout=300):
    """run(*args, env=None, timeout=..., **options): PROGRAM ARGS with stdout and stderr captured as
    text. `env` is the environment (os.environ by default) and run's own `env` adds to it; options
    (cwd, preexec_fn) go to subprocess.run. A run past its timeout comes back with exit status None
    and the time limit at the end of its stderr, so that a check fails with it and the script goes on."""
    base = dict(os.environ if env is None else env)

    def run(*args, env=None, timeout=timeout, **options):
        try:
            return subprocess.run([program, *map(str, args)], capture_output=True, text=True,
                                  env={**base, **(env or {})}, timeout=timeout, **options)
        except subprocess.TimeoutExpired as e:
            return subprocess.CompletedProcess(e.cmd, None, _text(e.stdout), _text(e.stderr) + f"(killed after {timeout} s)")
    return run


class Checks:
    """Checks counted; a failed one kept with its name and details, all of them printed by finish."""

    def __init__(self):
        self.passed = 0
        self.failures = []

    def check(self, name, ok, detail=None):
        """detail: a finished process (its exit status and the ends of its output) or text. Returns ok."""
        if ok:
            self.passed += 1
            return True
        if isinstance(detail, subprocess.CompletedProcess):
            detail = f"exit {detail.returncode}, stdout {detail.stdout[-600:]!r}, stderr {detail.stderr[-600:]!r}"
        self.failures.append(f"{name}: {detail}" if detail else name)
        return False

    def finish(self):
        """Prints each failure and the counts; exits 1 if any check failed."""
        for failure in self.failures:
            print("FAIL:", failure)
        print(f"{self.passed} passed, {len(self.failures)} failed")
        sys.exit(1 if self.failures else 0)


def write_pnm(path, image):
    """An 8-bit image as PGM (height x width) or PPM (height x width x 3)."""
    magic = b"P5" if image.ndim == 2 else b"P6"
    with open(path, "wb") as f:
        f.write(magic + b"\n%d %d\n255\n" % (image.shape[1], image.shape[0]))
        f.write(image.astype("uint8").tobytes())


def write_wav(path, samples, rate, width=2):
    """A mono PCM WAV of integer samples, `width` bytes each (2: 16-bit, 3: 24-bit)."""
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(b"".join(int(v).to_bytes(width, "little", signed=True) for v in samples))
