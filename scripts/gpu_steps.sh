#!/usr/bin/env bash
# Inner passes' twiddles from R/4 + 2 lookups (.gpu/kv/S, INNER_STEPS) against the binary's
# kernels (A): `verify` of S, the power-of-two and any-size tables with each, beside VkFFT; then
# 1000003 x 16 with every pass's registers capped (the split row pass's occupancy). One archive.
#   (there)  timeout 560 bash .gpu/gpu_steps.sh .gpu "$OUT"
set -u
cli_seconds=110
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" steps
FFTSCOPE_KERNEL_DIR=$(kernels_of S) verify_both 4096,16384,1048576,16777216,1000003,65537,1000,1920,48000,1080x1920,4096x4096 verify-S
for v in A S; do
  k=$(kernels_of $v)
  FFTSCOPE_KERNEL_DIR=$k cli bench --device NVIDIA --variants auto --peers vkfft --points 16777216 \
    --sizes 256,1024,4096,16384,1048576,16777216,1000003,65537,1000,48000 --json "$work/1d-$v.json" > "$work/1d-$v.txt" 2>&1
  FFTSCOPE_KERNEL_DIR=$k cli bench --device NVIDIA --variants auto --peers vkfft --dims 2d --batch 1 \
    --sizes 1080x1920,4096x4096,3000x4000 --json "$work/2d-$v.json" > "$work/2d-$v.txt" 2>&1
  for cap in 64 56; do
    FFTSCOPE_KERNEL_DIR=$k FFTSCOPE_CAP_EVERY_PASS=1 FFTSCOPE_REGISTER_CAP=$cap cli bench --device NVIDIA --variants auto \
      --points 16777216 --sizes 1000003 --json "$work/cap$cap-$v.json" > "$work/cap$cap-$v.txt" 2>&1
  done
done
gpu_end
