#!/usr/bin/env bash
# What a grouped pass costs when its data sits in the L2 cache: 2^20-point transforms and 2D 1024²
# in batches of 1, 2, 4 and 16 (input, scratch and output 24, 48, 96 and 384 MiB together), each
# pass's kernel time from profiling events; the estimate behind one launch that hands the data
# between passes through the cache. One archive.
#   (there)  timeout 300 bash .gpu/gpu_l2_passes.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" l2-passes
b=(bench --device NVIDIA --variants auto --repeat 50)
for batch in 1 2 4 16; do
  cli "${b[@]}" --sizes 1048576 --batch $batch --json "$work/1d-b$batch.json" > "$work/1d-b$batch.txt" 2>&1
  cli "${b[@]}" --dims 2d --sizes 1024x1024 --batch $batch --json "$work/2d-b$batch.json" > "$work/2d-b$batch.txt" 2>&1
done
gpu_end
