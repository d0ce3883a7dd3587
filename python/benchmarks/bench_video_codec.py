"""OpenCV's video decode and encode rates on this machine, the parts of `fftscope filter IN.mp4 -o
OUT.mp4` that run on the CPU whatever the device: colour test videos of drifting stripes (as
fftscope-sample-video makes them) written with mp4v from frames already in memory (encode), then
read back (decode). Needs OpenCV's Python module (cv2) and NumPy; writes DEST/video-codec.json.

    python3 python/benchmarks/bench_video_codec.py DEST [--sizes 1920x1080x240,3840x2160x120]
"""

import argparse
import datetime
import json
import os
import platform
import tempfile
import time

import cv2
import numpy as np


def stripes(width, height, frames):
    """Frames of a diagonal grating drifting a pixel a frame, over a gradient, BGR uint8."""
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    base = 60 + 100 * x / width
    out = []
    for f in range(frames):
        s = 50 * np.sin(2 * np.pi * (x + y - f) / 8.0)
        frame = np.stack([base + s, 200 - base * 0.5 + 0 * s, base * 0.8 + s * 0.6], axis=-1)
        out.append(np.clip(np.rint(frame), 0, 255).astype(np.uint8))
    return out


def rates(width, height, frames, folder):
    path = os.path.join(folder, f"{width}x{height}.mp4")
    made = stripes(width, height, frames)
    writer = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"mp4v"), 30.0, (width, height))
    if not writer.isOpened():
        raise RuntimeError(f"OpenCV cannot write {path} with mp4v")
    t = time.perf_counter()
    for frame in made:
        writer.write(frame)
    writer.release()
    encode_s = time.perf_counter() - t
    capture = cv2.VideoCapture(path)
    read = 0
    t = time.perf_counter()
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        read += 1
    decode_s = time.perf_counter() - t
    capture.release()
    if read != frames:
        raise RuntimeError(f"{path}: {read} frames read of {frames} written")
    return {"size": f"{width}x{height}", "frames": frames, "file_bytes": os.path.getsize(path),
            "encode_fps": frames / encode_s, "decode_fps": frames / decode_s,
            "encode_ms_a_frame": encode_s * 1e3 / frames, "decode_ms_a_frame": decode_s * 1e3 / frames}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest")
    parser.add_argument("--sizes", default="1920x1080x240,3840x2160x120")
    args = parser.parse_args()
    os.makedirs(args.dest, exist_ok=True)
    backend = [line.strip() for line in cv2.getBuildInformation().splitlines() if "FFMPEG" in line]
    report = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(), "opencv": cv2.__version__,
              "ffmpeg": backend, "threads": cv2.getNumThreads(), "cpus": os.cpu_count(),
              "processor": platform.processor(), "cases": []}
    with tempfile.TemporaryDirectory() as folder:
        for case in args.sizes.split(","):
            width, height, frames = (int(v) for v in case.split("x"))
            report["cases"].append(rates(width, height, frames, folder))
            print(json.dumps(report["cases"][-1]), flush=True)
    with open(os.path.join(args.dest, "video-codec.json"), "w") as f:
        json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
