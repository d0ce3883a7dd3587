#!/usr/bin/env bash
# 32 values a work-item where they take fewer inner passes (the default now): `verify` of the
# plans that changes, 16384-point rows' radix orders (FFTSCOPE_INNER_RADICES), inner twiddle steps
# and twiddle modes against the default, two rounds in turn, then the power-of-two tables (f32
# beside VkFFT and clFFT, f64 beside VkFFT). One archive.
#   (there)  timeout 590 bash .gpu/gpu_held_sequences.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" held-sequences
verify_both 16384,8192,4096,1048576,4096x4096,8192x8192 verify
power_of_two_tables
cli bench --device NVIDIA --variants auto --peers vkfft --precision f64 --sizes 256,1024,4096,8192,16384,65536,1048576,16777216 \
  --points 16777216 --json "$work/table-1d-f64.json" > "$work/table-1d-f64.txt" 2>&1
cli bench --device NVIDIA --variants auto --peers vkfft --precision f64 --dims 2d --sizes 4096x4096,8192x8192 --batch 1 \
  --json "$work/table-2d-f64.json" > "$work/table-2d-f64.txt" 2>&1
settings=("X=1" "FFTSCOPE_INNER_RADICES=4,8,8,8,8" "FFTSCOPE_INNER_RADICES=8,8,4,8,8" "FFTSCOPE_INNER_RADICES=8,8,8,4,8"
          "FFTSCOPE_INNER_STEPS=0" "FFTSCOPE_REGISTER_VALUES=16")
for round in 1 2; do
  [ $SECONDS -lt 420 ] || break  # leave time to pack the archive
  for i in 0 1 2 3 4 5; do
    cli_with "${settings[$i]}" bench --device NVIDIA --variants auto --sizes 16384 --points 16777216 \
      --json "$work/16384-s$i-$round.json" > "$work/16384-s$i-$round.txt" 2>&1
  done
  for tw in sincos native; do
    cli bench --device NVIDIA --variants auto --twiddle $tw --sizes 16384,1024 --points 16777216 \
      --json "$work/tw-$tw-$round.json" > "$work/tw-$tw-$round.txt" 2>&1
  done
done
gpu_end
