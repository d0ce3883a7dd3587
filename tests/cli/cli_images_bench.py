#!/usr/bin/python3
"""fftscope-cli bench-images on 2 and 3 devices (the default device split into sub-devices, or
repeated contexts on it where it cannot be split so): five images spread a file each (a count
neither divides) and three with their colour planes spread; each run's check against FFTW passes,
its JSON names the devices and, spread by files, the images each device took add up to five.
Bad options are refused with exit status 2.
Usage: cli_images_bench.py PATH/TO/fftscope-cli"""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

cli = sys.argv[1]
work = tempfile.mkdtemp(prefix="fftscope_cli_images_")
checks = Checks()
expect = checks.check
run = runner(cli, timeout=300)


def several(count, args):
    """The run on `count` devices: `0/count`, else `count` contexts on device 0."""
    r = run(*args, "--devices", f"0/{count}")
    if r.returncode == 0:
        return r
    return run(*args, "--devices", ",".join(["0"] * count), env={"FFTSCOPE_DEVICE_REPEATS": "1"})


for count in (2, 3):
    for spread, images in (("files", 5), ("planes", 3)):
        out = os.path.join(work, f"{spread}-{count}.json")
        r = several(count, ["bench-images", "--images", str(images), "--size", "48x40", "--planes", "3",
                            "--spread", spread, "--repeat", "1", "--json", out])
        name = f"bench-images {spread} on {count} devices"
        expect(name, r.returncode == 0 and "check: largest difference from FFTW" in r.stdout, r)
        if r.returncode != 0:
            continue
        with open(out) as f:
            report = json.load(f)
        expect(name + ": json", report["devices"] == count and len(report["device_names"]) == count
               and report["largest_difference"] <= 1e-4 and report["speedup"] > 0, r)
        if spread == "files":
            expect(name + ": images a device", len(report["images_a_device"]) == count
                   and sum(report["images_a_device"]) == images, r)


def refused(args, *needles):
    r = run(*args, timeout=30)
    expect(" ".join(args), r.returncode == 2 and all(n in r.stderr for n in needles), r)


refused(["bench-images", "--planes", "2"], "--planes")
refused(["bench-images", "--size", "64x-4"], "--size", "ROWSxCOLS")
refused(["bench-images", "--spread", "rows"], "--spread")
refused(["bench-images", "--images", "0"], "--images", "from 1")
checks.finish()
