#!/usr/bin/env bash
# The build as committed, 16384-point f32 rows as 64 values a work-item: `verify` of the sizes with
# register-held passes (f32), Bluestein's fused 4099 and 8191 (16 values), and 16384 x 1024 and
# 8192 x 2048 beside VkFFT and clFFT, twice. One archive.
#   (there)  timeout 300 bash .gpu/gpu_held_64_check.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" held-64-check
cli verify --device NVIDIA --variant auto --twiddle table --precision f32 --sizes 16384,8192,4099,8191,32768,1048576 \
  > "$work/verify-f32.txt" 2>&1
for round in 1 2; do
  cli bench --device NVIDIA --variants auto --peers vkfft,clfft --sizes 16384,8192 --points 16777216 \
    --json "$work/table-$round.json" > "$work/table-$round.txt" 2>&1
done
gpu_end
