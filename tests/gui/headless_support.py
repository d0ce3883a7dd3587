"""What the headless command tests share: fftscope (the program named by the first argument) run
with no display, checks counted and reported at the end, and small images written as PGM/PPM.
ctest runs each test as `python3 SOURCE/tests/gui/headless_*.py`, so this module, beside them, is
found on sys.path[0]."""
import os
import subprocess
import sys

fftscope = sys.argv[1]
# As on a server: the commands must need no display.
env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
failures = []
_passed = [0]


def run(*args, env=env, timeout=300, **options):
    """fftscope ARGS, its output captured as text; subprocess.TimeoutExpired past `timeout`."""
    return subprocess.run([fftscope, *args], env=env, capture_output=True, text=True, timeout=timeout, **options)


def check(name, condition, detail=""):
    if condition:
        _passed[0] += 1
    else:
        failures.append(f"{name}: {detail}")


def finish():
    """Prints each failure and the counts; exits 1 if any check failed."""
    for failure in failures:
        print("FAIL", failure)
    print(f"{_passed[0]} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


def write_pnm(path, image):
    """An 8-bit image as PGM (height x width) or PPM (height x width x 3)."""
    magic = b"P5" if image.ndim == 2 else b"P6"
    with open(path, "wb") as f:
        f.write(magic + b"\n%d %d\n255\n" % (image.shape[1], image.shape[0]))
        f.write(image.astype("uint8").tobytes())
