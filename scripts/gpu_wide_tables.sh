#!/usr/bin/env bash
# The peer tables with the wide radices as committed: the power-of-two table in f32 beside VkFFT
# and clFFT with R2C/C2R 4096², and in f64 beside VkFFT. One archive.
#   (there)  timeout 590 bash .gpu/gpu_wide_tables.sh .gpu "$OUT"
set -u
cli_seconds=150
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" wide-tables
power_of_two_tables
b=(bench --device NVIDIA --variants auto --peers vkfft --precision f64)
cli "${b[@]}" --sizes 256,1024,4096,16384,65536,1048576,16777216 --points 16777216 --json "$work/table-1d-f64.json" \
  > "$work/table-1d-f64.txt" 2>&1
cli "${b[@]}" --dims 2d --sizes 1024x1024 --batch 16 --json "$work/table-2d-1024x16-f64.json" > "$work/table-2d-1024x16-f64.txt" 2>&1
cli "${b[@]}" --dims 2d --sizes 4096x4096,8192x8192 --batch 1 --json "$work/table-2d-f64.json" > "$work/table-2d-f64.txt" 2>&1
gpu_end
