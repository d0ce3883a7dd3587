"""bench-video: frames filtered on the device in batches, checked against the host filter before
timing, with uploads, kernels and downloads reported apart; a bad size is refused as usage."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

run = runner(sys.argv[1], timeout=600)
checks = Checks()

for args, frames in ((["--size", "96x64", "--frames", "9", "--batch", "4"], 9),
                     (["--size", "75x50", "--frames", "3", "--batch", "1", "--channels", "1"], 3)):
    name = "bench-video " + " ".join(args)
    r = run("bench-video", *args)
    if not checks.check(f"{name}: exit 0", r.returncode == 0, r):
        continue
    found = re.findall(r"checked against the host filter: (\d+) of (\d+) samples one level apart, (\d+) more", r.stdout)
    checks.check(f"{name}: a clean check against the host filter",
                 found and all(int(more) == 0 for _, _, more in found), r.stdout)
    rate = re.search(r"frames a second: ([0-9.]+) \(wall clock.*, ([0-9.]+) \(device time", r.stdout)
    parts = re.search(r"per frame: upload ([0-9.]+) ms .* kernels ([0-9.]+) ms, download ([0-9.]+) ms", r.stdout)
    checks.check(f"{name}: frames a second and per-frame parts",
                 rate and parts and float(rate.group(1)) > 0 and float(parts.group(2)) > 0, r.stdout)
    checks.check(f"{name}: the frame count is reported", f"{frames} frames" in r.stdout, r.stdout)

bad = run("bench-video", "--size", "1920")
checks.check("--size 1920 is refused as usage (2)", bad.returncode == 2 and "WIDTHxHEIGHT" in bad.stderr + bad.stdout, bad)
checks.finish()
