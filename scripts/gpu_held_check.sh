#!/usr/bin/env bash
# The build as committed, where inner twiddle steps stay in 32-value passes with radix 16 (f64
# rows of 4096 and 8192 points): `verify` of those sizes and the f64 tables beside VkFFT, and
# 16384 x 1024 f32. One archive.
#   (there)  timeout 590 bash .gpu/gpu_held_check.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" held-check
verify_both 16384,8192,4096,4096x4096,8192x8192 verify
cli bench --device NVIDIA --variants auto --peers vkfft --precision f64 --sizes 4096,8192,16384 --points 16777216 \
  --json "$work/table-1d-f64.json" > "$work/table-1d-f64.txt" 2>&1
cli bench --device NVIDIA --variants auto --peers vkfft --precision f64 --dims 2d --sizes 4096x4096,8192x8192 --batch 1 \
  --json "$work/table-2d-f64.json" > "$work/table-2d-f64.txt" 2>&1
cli bench --device NVIDIA --variants auto --peers vkfft,clfft --sizes 16384 --points 16777216 \
  --json "$work/table-16384-f32.json" > "$work/table-16384-f32.txt" 2>&1
gpu_end
