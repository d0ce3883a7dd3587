#!/usr/bin/env bash
# Beside gpu_tables.sh (run first, with composite radices up to 12 as `auto` plans them): the same
# any-size and prime cases without them (FFTSCOPE_COMPOSITE_RADIX=0) and with up to 20, f64 beside
# VkFFT with and without them, and the real transforms beside VkFFT.
#   (there)  bash .gpu/gpu_composite3.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" composite3
for c in 0 20; do
  b=(bench --device NVIDIA --variants auto)
  FFTSCOPE_COMPOSITE_RADIX=$c cli "${b[@]}" --sizes 1000,12288,48000,65537,1000003,1080,1920,4000 --points 16777216 \
    --json "$work/c$c-1d-f32.json" > "$work/c$c-1d-f32.txt" 2>&1
  FFTSCOPE_COMPOSITE_RADIX=$c cli "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000,750x1000 --batch 1 \
    --json "$work/c$c-2d-f32.json" > "$work/c$c-2d-f32.txt" 2>&1
  FFTSCOPE_COMPOSITE_RADIX=$c cli "${b[@]}" --sizes 97,96,257,256,641,640 --points 16777216 \
    --json "$work/c$c-primes-f32.json" > "$work/c$c-primes-f32.txt" 2>&1
done
for c in 0 12; do
  b=(bench --device NVIDIA --variants auto --peers vkfft --precision f64)
  FFTSCOPE_COMPOSITE_RADIX=$c cli "${b[@]}" --sizes 1000,12288,48000,65537,1000003,1080,1920,4000 --points 16777216 \
    --json "$work/c$c-1d-f64.json" > "$work/c$c-1d-f64.txt" 2>&1
  FFTSCOPE_COMPOSITE_RADIX=$c cli "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000,750x1000 --batch 1 \
    --json "$work/c$c-2d-f64.json" > "$work/c$c-2d-f64.txt" 2>&1
done
for p in f32 f64; do
  for s in 1080x1920 750x1000 4096x4096; do
    cli bench-real --device NVIDIA --peers vkfft --precision $p --size $s
  done > "$work/real-$p.txt" 2>&1
done
gpu_end
