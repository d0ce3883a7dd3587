"""Device arrays against host arrays: what keeping data on the device saves. Run by itself or as
part of bench_python.py (its "device_arrays" section):

    python3 python/benchmarks/bench_device_arrays.py DEST [--device NAME] [--rounds 20]

writes DEST/python-device-arrays.json with, for each shape (complex64; 1D along the last axis,
2D over the last two):
- host_ms: fftscope.fftn of a NumPy array, host to host (upload, transform, download);
- device_ms: fftscope.fftn of a DeviceArray into a new DeviceArray, waited for (synchronize);
  no host copy (tests/test_device_array.py checks that with the engine's transfer record);
- upload_ms, download_ms: to_device and get of the same array (get into a new NumPy array, whose
  pages are first touched by the copy); download_into_ms: get(out=) into one array used each time;
- saved: host_ms / device_ms, what a chain of transforms on the device gains per transform;
- chain10_host_ms, chain10_device_ms: ten forward-inverse pairs, from host arrays each time and
  on one device array uploaded and downloaded once (transfers included in both).
Each figure is the median of `rounds` timed calls after 3 warm-ups, in milliseconds.
"""

import argparse
import json
import os
import statistics
import time

import numpy as np

import fftscope

SHAPES = [((1 << 16,), (-1,)), ((1 << 20,), (-1,)), ((1 << 24,), (-1,)), ((256, 65536), (-1,)),
          ((65536, 256), (-1,)), ((4096, 4096), (-2, -1)), ((16, 1024, 1024), (-2, -1))]


def median_ms(call, rounds, sync=lambda: None):
    for _ in range(3):
        call()
    sync()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        sync()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def device_ms(shape, axes, device, rounds, function="fftn", dtype=np.complex64):
    """fftscope's `function` on a device array already there, or None where there is no OpenCL device."""
    if not fftscope.devices() or device == "fftw":
        return None
    d = fftscope.to_device(np.ones(shape, dtype), device)
    transform = getattr(fftscope, function)
    ms = median_ms(lambda: transform(d, axes=axes), rounds, d.synchronize)
    d.free()
    fftscope.free_all_blocks()  # as the CuPy figures beside it free CuPy's pool
    return ms


def case(shape, axes, device, rounds):
    rng = np.random.default_rng(2)
    x = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)
    d = fftscope.to_device(x, device)
    result = {"shape": list(shape), "axes": list(axes), "device": d.device,
              "host_ms": median_ms(lambda: fftscope.fftn(x, axes=axes, device=device), rounds),
              "device_ms": median_ms(lambda: fftscope.fftn(d, axes=axes), rounds, d.synchronize),
              "upload_ms": median_ms(lambda: d.set(x), rounds),
              "download_ms": median_ms(d.get, rounds)}
    into = np.empty_like(x)
    result["download_into_ms"] = median_ms(lambda: d.get(into), rounds)
    result["saved"] = result["host_ms"] / result["device_ms"]

    def chain_host():
        y = x
        for _ in range(10):
            y = fftscope.ifftn(fftscope.fftn(y, axes=axes, device=device), axes=axes, device=device)
        return y

    def chain_device():
        y = fftscope.to_device(x, device)
        for _ in range(10):
            y = fftscope.ifftn(fftscope.fftn(y, axes=axes), axes=axes)
        return y.get()

    result["chain10_host_ms"] = median_ms(chain_host, max(3, rounds // 4))
    result["chain10_device_ms"] = median_ms(chain_device, max(3, rounds // 4))
    d.free()
    return result


def device_cases(device, rounds):
    if not fftscope.devices() or device == "fftw":
        return {"skipped": "device arrays need an OpenCL device"}
    return [case(shape, axes, device, rounds) for shape, axes in SHAPES]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dest")
    parser.add_argument("--device", default=None)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--small", action="store_true", help="the first two shapes only (a check on a CPU)")
    args = parser.parse_args()
    if args.small:
        SHAPES[:] = SHAPES[:2]
    os.makedirs(args.dest, exist_ok=True)
    report = {"devices": fftscope.devices(), "cases": device_cases(args.device, args.rounds)}
    path = os.path.join(args.dest, "python-device-arrays.json")
    with open(path, "w") as f:
        json.dump(report, f, indent=1)
    for c in report["cases"] if isinstance(report["cases"], list) else []:
        print(f"{c['shape']} host {c['host_ms']:.3f} ms, device {c['device_ms']:.3f} ms ({c['saved']:.1f}x), "
              f"chain of 10 pairs {c['chain10_host_ms']:.1f} -> {c['chain10_device_ms']:.1f} ms")
    print(path)


if __name__ == "__main__":
    main()
