#!/usr/bin/env bash
# The build as committed: `verify` of the sizes with register-held passes in f32 and f64, the
# power-of-two tables (f32 beside VkFFT and clFFT, f64 beside VkFFT), then, while time is left,
# switches on 1024 x 16384 and 256 x 65536 (inner twiddle steps off, groups of 256 work-items) and
# 16384 x 1024 against 16 values, two rounds in turn. One archive.
#   (there)  timeout 590 bash .gpu/gpu_held_final.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" held-final
verify_both 16384,8192,4096,2048,1048576,4194304,4096x4096,8192x8192,2048x2048 verify
power_of_two_tables
cli bench --device NVIDIA --variants auto --peers vkfft --precision f64 --sizes 256,1024,4096,8192,16384,65536,1048576,16777216 \
  --points 16777216 --json "$work/table-1d-f64.json" > "$work/table-1d-f64.txt" 2>&1
cli bench --device NVIDIA --variants auto --peers vkfft --precision f64 --dims 2d --sizes 1024x1024 --batch 16 \
  --json "$work/table-2d16-f64.json" > "$work/table-2d16-f64.txt" 2>&1
cli bench --device NVIDIA --variants auto --peers vkfft --precision f64 --dims 2d --sizes 4096x4096,8192x8192 --batch 1 \
  --json "$work/table-2d-f64.json" > "$work/table-2d-f64.txt" 2>&1
settings=("X=1" "FFTSCOPE_INNER_STEPS=0" "FFTSCOPE_GROUP_TARGET=256" "FFTSCOPE_REGISTER_VALUES=16")
for round in 1 2; do
  for i in 0 1 2 3; do
    [ $SECONDS -lt 470 ] || break 2  # leave time to pack the archive
    cli_with "${settings[$i]}" bench --device NVIDIA --variants auto --sizes 1024,256,16384 --points 16777216 \
      --json "$work/s$i-$round.json" > "$work/s$i-$round.txt" 2>&1
  done
done
gpu_end
