"""bench-video: frames filtered on the device in batches, checked against the host filter before
timing, with uploads, kernels and downloads reported apart; a bad size is refused as usage."""
import re
import subprocess
import sys

cli = sys.argv[1]


def run(*args):
    return subprocess.run([cli, "bench-video", *args], capture_output=True, text=True, timeout=600)


for args, frames in ((["--size", "96x64", "--frames", "9", "--batch", "4"], 9),
                     (["--size", "75x50", "--frames", "3", "--batch", "1", "--channels", "1"], 3)):
    r = run(*args)
    if r.returncode != 0:
        sys.exit(f"bench-video {' '.join(args)} failed ({r.returncode}):\n{r.stdout}\n{r.stderr}")
    checks = re.findall(r"checked against the host filter: (\d+) of (\d+) samples one level apart, (\d+) more", r.stdout)
    if not checks or any(int(more) != 0 for _, _, more in checks):
        sys.exit(f"no clean check against the host filter:\n{r.stdout}")
    rate = re.search(r"frames a second: ([0-9.]+) \(wall clock.*, ([0-9.]+) \(device time", r.stdout)
    parts = re.search(r"per frame: upload ([0-9.]+) ms .* kernels ([0-9.]+) ms, download ([0-9.]+) ms", r.stdout)
    if not rate or not parts or float(rate.group(1)) <= 0 or float(parts.group(2)) <= 0:
        sys.exit(f"no frames a second or per-frame parts:\n{r.stdout}")
    if f"{frames} frames" not in r.stdout:
        sys.exit(f"the frame count is not reported:\n{r.stdout}")

bad = run("--size", "1920")
if bad.returncode != 2 or "WIDTHxHEIGHT" not in bad.stderr + bad.stdout:
    sys.exit(f"--size 1920 should be refused as usage (2), got {bad.returncode}:\n{bad.stdout}{bad.stderr}")
print("bench-video checked against the host filter and reported its parts")
