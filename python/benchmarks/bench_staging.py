"""Host copies straight from NumPy's pageable memory against staged through pinned memory
(docs/python.md, "Host copies through pinned memory"), and the memory pool at work. Writes
DEST/python-staging.json:

    python3 python/benchmarks/bench_staging.py DEST [--device NAME] [--rounds 10] [--small]

For complex64 2^20, 2^24 and 4096 x 4096 (2D), under each staging mode ("never": straight
through the queue, "always": through pinned memory; "auto" is "always" from 1 MiB on a GPU):
- host_ms: fftscope.fftn of a NumPy array, host to host;
- upload_ms, download_ms: DeviceArray.set and get into a new array; download_into_ms: get into
  one array used each time (the difference is the first touch of the new array's pages);
- allocations: buffers the device's pool created over all the mode's timed calls after the first
  (0 when every call reused the pool's buffers).
Each figure is the median of `rounds` timed calls after 3 warm-ups, in milliseconds.
"""

import argparse
import json
import os

import numpy as np

import fftscope
from fftscope import _engine
from bench_device_arrays import median_ms

SHAPES = {"2^20": (1 << 20,), "2^24": (1 << 24,), "4096x4096": (4096, 4096)}


def case(shape, device, rounds):
    rng = np.random.default_rng(3)
    x = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)
    pool = fftscope.get_default_memory_pool(device)
    d = fftscope.to_device(x, device)
    into = np.empty_like(x)
    result = {}
    for mode in ("never", "always"):
        _engine.set_staging(mode)
        fftscope.fftn(x, device=device)
        made = pool.allocations()
        result[mode] = {"host_ms": median_ms(lambda: fftscope.fftn(x, device=device), rounds),
                        "upload_ms": median_ms(lambda: d.set(x), rounds),
                        "download_ms": median_ms(d.get, rounds),
                        "download_into_ms": median_ms(lambda: d.get(into), rounds),
                        "allocations": pool.allocations() - made}
    _engine.set_staging("auto")
    d.free()
    fftscope.free_all_blocks()
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dest")
    parser.add_argument("--device", default=None)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--small", action="store_true", help="2^20 only (a check on a CPU)")
    args = parser.parse_args()
    if not fftscope.devices() or args.device == "fftw":
        raise SystemExit("staging is for OpenCL devices")
    names = ["2^20"] if args.small else list(SHAPES)
    os.makedirs(args.dest, exist_ok=True)
    report = {"devices": fftscope.devices(), "cases": {n: case(SHAPES[n], args.device, args.rounds) for n in names}}
    path = os.path.join(args.dest, "python-staging.json")
    with open(path, "w") as f:
        json.dump(report, f, indent=1)
    for name, modes in report["cases"].items():
        for mode, r in modes.items():
            print(f"{name} {mode}: host {r['host_ms']:.2f} ms, up {r['upload_ms']:.2f}, down {r['download_ms']:.2f} "
                  f"(into {r['download_into_ms']:.2f}), allocations {r['allocations']}")
    print(path)


if __name__ == "__main__":
    main()
