#!/usr/bin/env bash
# Bluestein's and Rader's filter in registers between their two FFTs (the binary's kernels, A)
# against the kernels before (.gpu/kv/O) and a timing-only variant without the split row pass's
# twiddles (.gpu/kv/T, wrong results: how much moving them elsewhere could save); then 2D
# 1080 x 1920's registers (build logs) and its time with every pass's registers capped. One archive.
#   (there)  timeout 560 bash .gpu/gpu_middle.sh .gpu "$OUT"
set -u
cli_seconds=110
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" middle
verify_both 1000003,2000003,524309,4099,65537,641,257,97 verify-A
b=(bench --device NVIDIA --variants auto --points 16777216)
for v in A O T; do
  FFTSCOPE_KERNEL_DIR=$(kernels_of $v) cli "${b[@]}" --peers vkfft --sizes 1000003,65537,1048576 \
    --json "$work/prime-$v-f32.json" > "$work/prime-$v-f32.txt" 2>&1
done
for v in A O; do
  FFTSCOPE_KERNEL_DIR=$(kernels_of $v) cli "${b[@]}" --precision f64 --sizes 1000003,65537 \
    --json "$work/prime-$v-f64.json" > "$work/prime-$v-f64.txt" 2>&1
done
FFTSCOPE_PRINT_KERNELS=1 cli "${b[@]}" --sizes 1000003 > "$work/log-1000003.txt" 2>&1
d=(bench --device NVIDIA --variants auto --dims 2d --sizes 1080x1920 --batch 1)
FFTSCOPE_PRINT_KERNELS=1 cli "${d[@]}" > "$work/log-1080.txt" 2>&1
cli "${d[@]}" --peers vkfft --json "$work/2d-default.json" > "$work/2d-default.txt" 2>&1
for cap in 32 40 48 64 96; do
  FFTSCOPE_CAP_EVERY_PASS=1 FFTSCOPE_REGISTER_CAP=$cap cli "${d[@]}" --json "$work/2d-cap$cap.json" > "$work/2d-cap$cap.txt" 2>&1
done
cli "${d[@]}" --peers vkfft --json "$work/2d-default2.json" > "$work/2d-default2.txt" 2>&1
gpu_end
