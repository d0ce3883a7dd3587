#!/usr/bin/env python3
"""bench --split over two contexts of the one device (--devices 0,0): both splits are verified and
timed with the data on the host and on the device, and the JSON carries the speed-up beside one
device and the model's prediction of each; under a lowered buffer cap the four-step split runs in
pieces, one device by the four-step split alone, and the thesis split in shares that fit; a length
the thesis split cannot share among the devices is refused with a message naming the four-step split.
The batch split and auto are verified, timed and predicted for batches the devices do not divide;
`fft --devices` matches NumPy; `verify --devices` checks each case split by batch against FFTW; a device named twice is refused
unless FFTSCOPE_DEVICE_REPEATS is set."""
import json
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

run = runner(sys.argv[1], timeout=300)
repeats = {"FFTSCOPE_DEVICE_REPEATS": "1"}  # two contexts of the one device
checks = Checks()

with tempfile.TemporaryDirectory() as folder:
    for split in ("thesis", "four-step"):
        path = os.path.join(folder, split + ".json")
        ran = run("bench", "--split", split, "--devices", "0,0", "--sizes", "2^14,3072", "--repeat", "2",
                  "--warmup", "0", "--json", path, env=repeats)
        checks.check(split + ": exit 0", ran.returncode == 0, ran)
        if ran.returncode != 0:
            continue
        report = json.load(open(path))
        checks.check(split + ": two devices, each link measured",
                     len(report["devices"]) == 2 and all(d["upload_gbs"] > 0 for d in report["devices"]))
        for result in report["results"]:
            for where in ("host", "device"):
                placed = result[where]
                for who in ("split", "one_device"):
                    checks.check(f"{split} {result['points']} {where} {who}: verified, timed and predicted",
                                 placed[who]["verified"] and placed[who]["ms"]["median"] > 0
                                 and placed[who]["predicted_ms"] > 0, placed)
                checks.check(f"{split} {result['points']} {where}: a speed-up", placed["speedup"] > 0, placed)

    capped = {"FFTSCOPE_MAX_ALLOC": str(1 << 20), **repeats}
    path = os.path.join(folder, "capped.json")
    ran = run("bench", "--split", "four-step", "--devices", "0,0", "--sizes", "2^20", "--repeat", "1", "--warmup", "0",
              "--placement", "host", "--json", path, env=capped)
    checks.check("capped four-step: exit 0", ran.returncode == 0, ran)
    if ran.returncode == 0:
        result = json.load(open(path))["results"][0]
        checks.check("capped four-step: in pieces and verified", result["pieces"] > 4 and result["host"]["split"]["verified"],
                     result)
        checks.check("capped: one device is the four-step split on one device, verified",
                     result["one_device"] == "four-step on one device" and result["host"]["one_device"]["verified"],
                     result)
    path = os.path.join(folder, "capped-thesis.json")
    ran = run("bench", "--split", "thesis", "--devices", "0,0", "--sizes", "2^20", "--repeat", "1", "--warmup", "0",
              "--placement", "host", "--json", path, env=capped)
    checks.check("capped thesis: exit 0", ran.returncode == 0, ran)
    if ran.returncode == 0:
        result = json.load(open(path))["results"][0]
        checks.check("capped thesis: 8 shares of 2^17 points, verified",
                     result["shares"] == 8 and result["host"]["split"]["verified"], result)
    odd = run("bench", "--split", "thesis", "--devices", "0,0,0", "--sizes", "4096", "--placement", "host", env=repeats)
    checks.check("thesis over 3 devices of 4096 points: refused, naming the four-step split",
                 "refused" in odd.stdout and "four-step" in odd.stdout, odd)

    # The batch split, 1D rows and 2D arrays, batches two devices do not divide, and auto.
    for split in ("batch", "auto"):
        path = os.path.join(folder, split + ".json")
        ran = run("bench", "--split", split, "--devices", "0,0", "--sizes", "1024x33,64x32x5", "--repeat", "2",
                  "--warmup", "0", "--placement", "host,pinned,device,first", "--json", path, env=repeats)
        checks.check(split + ": exit 0", ran.returncode == 0, ran)
        if ran.returncode != 0:
            continue
        document = json.load(open(path))
        checks.check(split + ": both directions at once measured on each device",
                     all(d["duplex_gbs"] > 0 and d["duplex_alone_gbs"] > 0 for d in document["devices"]), document["devices"])
        for result in document["results"]:
            for where in ("host", "pinned", "device", "first"):
                placed = result[where]
                checks.check(f"{split} {result['shape']} {where}: verified, timed and predicted",
                             placed["split"]["verified"] and placed["split"]["ms"]["median"] > 0
                             and placed["split"]["predicted_ms"] > 0 and len(placed["model"]) == 2, placed)
                if split == "batch" and where == "pinned":
                    # --devices 0,0 on a CPU gives two contexts: device 0's share goes straight from
                    # the pinned memory, device 1's is staged.
                    rates = placed["split"]["host_copy_gbs"]
                    checks.check(f"batch {result['shape']} pinned: device 0 copies nothing on the host, device 1 stages",
                                 rates[0] == 0 and rates[1] > 0 and placed["one_device"]["host_copy_gbs"] == [0], placed)
                if split == "batch":
                    checks.check(f"batch {result['shape']}: shares cover the batch",
                                 sum(result["shares"]) == int(result["shape"].split("x")[-1]), result)
    verified = run("verify", "--devices", "0,0", "--variant", "auto", "--sizes", "256,16x16", "--precision", "f64", "--json",
                   env=repeats)
    checks.check("verify --devices: exit 0", verified.returncode == 0, verified)
    if verified.returncode == 0:
        document = json.loads(verified.stdout)
        checks.check("verify --devices: every case passed over two devices, a batch of 3 as 2+1",
                     document["failed"] == 0 and len(document["devices"]) == 2
                     and any(row["shares"] == "2+1" for row in document["rows"]), document)
    rows = (np.random.default_rng(5).standard_normal((7, 256)) + 1j).astype(np.complex128)
    np.save(os.path.join(folder, "rows.npy"), rows)
    ran = run("fft", "--in", os.path.join(folder, "rows.npy"), "--out", os.path.join(folder, "spectra.npy"),
              "--devices", "0,0,0", env=repeats)
    checks.check("fft --devices: exit 0", ran.returncode == 0, ran)
    if ran.returncode == 0:
        got, want = np.load(os.path.join(folder, "spectra.npy")), np.fft.fft(rows, axis=1)
        error = np.linalg.norm(got - want) / np.linalg.norm(want)
        checks.check("fft --devices: 7 rows over 3 devices match NumPy", error < 1e-13 and "3 device(s)" in ran.stderr,
                     (error, ran.stderr))
    refused = run("bench", "--split", "batch", "--devices", "0,0", "--sizes", "1024x8")
    checks.check("a device named twice: refused, saying so", refused.returncode != 0 and "twice" in refused.stderr, refused)

checks.finish()
