#!/usr/bin/env bash
# R2C untangling bins k and F - k together, C2R's first column pass over the padded rows: real
# transforms beside VkFFT and clFFT (each checked against FFTW before it is timed), f32 and f64, with
# the padded half spectrum and without (FFTSCOPE_PAD_HALF_SPECTRUM=0). One archive comes back.
#   (there)  bash .gpu/gpu_real_pairs.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" pairs
for p in f32 f64; do
  for s in 4096x4096 1080x1920 750x1000 2048x2048 "4096 --batch 4096" 16777216; do
    cli bench-real --device NVIDIA --peers vkfft,clfft --precision $p --size $s
  done > "$work/real-$p.txt" 2>&1
  FFTSCOPE_PAD_HALF_SPECTRUM=0 cli bench-real --device NVIDIA --precision $p --size 4096x4096 > "$work/unpadded-$p.txt" 2>&1
done
gpu_end
