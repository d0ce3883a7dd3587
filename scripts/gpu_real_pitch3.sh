#!/usr/bin/env bash
# 2D R2C and C2R with the padded half spectrum as planned (the column pass next to the output or
# input over its own columns) against N/2 + 1 throughout (FFTSCOPE_PAD_HALF_SPECTRUM=0), f32 and
# f64, each checked against FFTW before it is timed, VkFFT beside it; then the tables of
# gpu_tables.sh with the same binary. Everything goes back as one archive.
#   (there)  bash .gpu/gpu_real_pitch3.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" pitch3
for pad in 0 1; do
  for p in f32 f64; do
    for s in 4096x4096 2048x2048 1080x1920 750x1000; do
      FFTSCOPE_PAD_HALF_SPECTRUM=$pad cli bench-real --device NVIDIA --precision $p --size $s
    done
  done > "$work/pad-$pad.txt" 2>&1
done
for p in f32 f64; do
  cli bench-real --device NVIDIA --peers vkfft,clfft --precision $p --size 4096x4096 > "$work/peers-$p.txt" 2>&1
done
echo "pads: $(date -u)" >> "$work/steps.txt"
gpu_end
bash "$(dirname "$0")/gpu_tables.sh" "$1" "$2"
