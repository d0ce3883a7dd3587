#!/usr/bin/env bash
# Where the padded half spectrum of 2D R2C and C2R changes its pitch (FFTSCOPE_PAD_HALF_SPECTRUM:
# 0 keeps N/2 + 1, `all` pads every column pass but the one next to the output or input, `rows`
# only the pass next to the rows), f32 and f64, each result checked against FFTW before it is
# timed, VkFFT beside it. Everything goes back as one archive.
#   (there)  bash .gpu/gpu_real_pitch2.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" pitch2
for pad in 0 all rows; do
  for p in f32 f64; do
    for s in 4096x4096 2048x2048 1080x1920 "4096 --batch 4096"; do
      FFTSCOPE_PAD_HALF_SPECTRUM=$pad cli bench-real --device NVIDIA --precision $p --size $s
    done
  done > "$work/pad-$pad.txt" 2>&1
done
echo "pads: $(date -u)" >> "$work/steps.txt"
for p in f32 f64; do
  cli bench-real --device NVIDIA --peers vkfft --precision $p --size 4096x4096 > "$work/peers-$p.txt" 2>&1
done
gpu_end
