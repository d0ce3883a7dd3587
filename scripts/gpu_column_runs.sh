#!/usr/bin/env bash
# 2D columns read in place in runs of 256 bytes (FFTSCOPE_COLUMN_RUN_BYTES=256: 32 lanes a group in
# f32, 16 in f64) against the 128 of every other step, on the shapes whose plans that changes
# (f32 and f64), and R2C/C2R 4096², two rounds in turn. One archive.
#   (there)  timeout 590 bash .gpu/gpu_column_runs.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" column-runs
for round in 1 2; do
  for bytes in 128 256; do
    for p in f32 f64; do
      FFTSCOPE_COLUMN_RUN_BYTES=$bytes cli bench --device NVIDIA --variants auto --precision $p --dims 2d --batch 1 \
        --sizes 4096x4096,8192x8192,2048x2048,256x256,3000x4000 --json "$work/b$bytes-$p-$round.json" \
        > "$work/b$bytes-$p-$round.txt" 2>&1
    done
    FFTSCOPE_COLUMN_RUN_BYTES=$bytes cli bench-real --device NVIDIA --size 4096x4096 > "$work/real-b$bytes-$round.txt" 2>&1
  done
done
gpu_end
