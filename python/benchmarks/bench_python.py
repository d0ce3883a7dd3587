"""Measures the fftscope package against NumPy, SciPy and CuPy; builds nothing (import fftscope as
built, e.g. by scripts/python-gpu-module.sh). Writes DEST/python-bench.json.

    python3 python/benchmarks/bench_python.py DEST [--device NAME] [--rounds 20]

- call_overhead: a cached plan of 1024 complex64 points; the median time of fftscope.fft(x) minus
  the median of the engine step alone (_engine.Transform.run on ready arrays, transfers included),
  timed in turn; python_only_us: fftscope.fft(x) with the engine step replaced by nothing.
- host: fftscope.fft / rfft of NumPy arrays (host to host, transfers included) against numpy.fft
  and scipy.fft with workers=-1, for 2^16, 2^20, 2^24 and 4096 x 4096 (fft2), complex64.
- cupy: cupy.fft on arrays already on the GPU for the peer table's shapes (docs/performance.md)
  and the shapes where cuFFT was ahead (odd rows, small and non-square 2D, R2C and C2R 4096^2),
  when CuPy imports, beside the same fftscope function on device arrays of the same shapes
  (fftscope_device_ms, ratio = fftscope / cupy, goal <= 1.05).
- device_arrays: bench_device_arrays.py's figures (host round trip against device-resident).
- staging: bench_staging.py's figures (host copies straight against through pinned memory).
Each figure is the median of `rounds` timed calls after 3 warm-ups, in milliseconds.
"""

import argparse
import datetime
import json
import os
import platform
import statistics
import time

import numpy as np
import scipy.fft

import fftscope
from bench_device_arrays import device_cases, device_ms, median_ms
import bench_staging


class _NoEngine:
    """Stands for a plan's engine step: what is left of a call is the package's own Python."""

    def __init__(self, engine):
        self.engine = engine

    def result_array(self, shape, dtype):
        return self.engine.result_array(shape, dtype)  # the result's memory is part of a call

    def run(self, a, out):
        pass


def call_overhead(device, rounds):
    x = np.ones(1024, np.complex64)
    fftscope.fft(x, device=device)
    plan = fftscope.plan_cache.get(x.shape, x.dtype, (-1,), None, device, "fft", None)
    engine = plan.steps[0].engine
    out = np.empty_like(x)
    call = lambda: fftscope.fft(x, device=device)
    # Interleaved, so that both medians see the same load on the host.
    whole, alone = [], []
    for i in range(rounds * 50 + 20):
        start = time.perf_counter()
        call()
        middle = time.perf_counter()
        engine.run(x, out)
        end = time.perf_counter()
        if i >= 20:
            whole.append(middle - start)
            alone.append(end - middle)
    whole, alone = statistics.median(whole) * 1e3, statistics.median(alone) * 1e3
    step, direct = plan.steps[0], getattr(plan, "_direct", None)  # _direct: the cached plan's own path
    step.engine = plan._direct = _NoEngine(engine)
    try:
        python_ms = median_ms(call, rounds * 50)
    finally:
        step.engine, plan._direct = engine, direct
    return {"device": plan.device_name, "call_ms": whole, "engine_ms": alone, "overhead_us": (whole - alone) * 1e3,
            "python_only_us": python_ms * 1e3, "goal_us": 20}


def host_cases(device, rounds):
    rng = np.random.default_rng(1)
    shapes = {"2^16": (1 << 16,), "2^20": (1 << 20,), "2^24": (1 << 24,), "4096x4096": (4096, 4096)}
    results = []
    for name, shape in shapes.items():
        x = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)
        axes = tuple(range(len(shape)))
        ours = median_ms(lambda: fftscope.fftn(x, axes=axes, device=device), rounds)
        numpy_ms = median_ms(lambda: np.fft.fftn(x, axes=axes), max(3, rounds // 4))
        scipy_ms = median_ms(lambda: scipy.fft.fftn(x, axes=axes, workers=-1), rounds)
        results.append({"case": name, "dtype": "complex64", "fftscope_ms": ours, "numpy_ms": numpy_ms,
                        "scipy_workers_all_ms": scipy_ms, "speedup_vs_numpy": numpy_ms / ours,
                        "speedup_vs_scipy": scipy_ms / ours})
    return results


# The f32 peer table's shapes (docs/performance.md): batch x length, or 2D rows x cols (x batch);
# then those where cuFFT was ahead (docs/performance.md's any-size and real tables): rows of 1000
# and 12288 points, 2D 1080 x 1920 and 3000 x 4000, R2C and C2R of 4096^2.
PEER_SHAPES = [((256, 65536), (-1,)), ((1024, 16384), (-1,)), ((4096, 4096), (-1,)), ((16384, 1024), (-1,)),
               ((65536, 256), (-1,)), ((1048576, 16), (-1,)), ((16777216,), (-1,)),
               ((16, 1024, 1024), (-2, -1)), ((4096, 4096), (-2, -1)), ((8192, 8192), (-2, -1))]
PEER_CASES = [("fftn", shape, axes, np.complex64) for shape, axes in PEER_SHAPES] + [
    ("fftn", (16777, 1000), (-1,), np.complex64), ("fftn", (1365, 12288), (-1,), np.complex64),
    ("fftn", (1080, 1920), (-2, -1), np.complex64), ("fftn", (3000, 4000), (-2, -1), np.complex64),
    ("rfft2", (4096, 4096), (-2, -1), np.float32), ("irfft2", (4096, 2049), (-2, -1), np.complex64)]


def cupy_cases(device, rounds):
    try:
        import cupy
    except Exception as error:  # CuPy absent or without a GPU
        return {"skipped": f"cupy: {error}"}
    results = []
    sync = cupy.cuda.Device().synchronize
    for function, shape, axes, dtype in PEER_CASES:
        x = cupy.ones(shape, dtype)
        transform = getattr(cupy.fft, function)
        ms = median_ms(lambda: transform(x, axes=axes), rounds, sync)
        del x
        cupy.get_default_memory_pool().free_all_blocks()
        ours = device_ms(shape, axes, device, rounds, function, dtype)
        results.append({"function": function, "shape": list(shape), "axes": list(axes), "dtype": np.dtype(dtype).name,
                        "cupy_ms": ms, "fftscope_device_ms": ours, "ratio": None if ours is None else ours / ms})
    cupy.get_default_memory_pool().free_all_blocks()
    return results


def staging_cases(device, rounds):
    if not fftscope.devices() or device == "fftw":
        return {"skipped": "staging is for OpenCL devices"}
    return {name: bench_staging.case(shape, device, rounds) for name, shape in bench_staging.SHAPES.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dest")
    parser.add_argument("--device", default=None)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    os.makedirs(args.dest, exist_ok=True)
    report = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(), "host": platform.node(),
              "python": platform.python_version(), "numpy": np.__version__, "scipy": scipy.__version__,
              "devices": fftscope.devices(), "call_overhead": call_overhead(args.device, args.rounds),
              "host": host_cases(args.device, args.rounds), "cupy": cupy_cases(args.device, args.rounds),
              "device_arrays": device_cases(args.device, args.rounds), "staging": staging_cases(args.device, args.rounds)}
    path = os.path.join(args.dest, "python-bench.json")
    with open(path, "w") as f:
        json.dump(report, f, indent=1)
    print(json.dumps(report["call_overhead"]), "\n", path)


if __name__ == "__main__":
    main()
