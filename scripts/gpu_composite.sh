#!/usr/bin/env bash
# Composite inner radices (FFTSCOPE_COMPOSITE_RADIX: a power of two and an odd factor in one inner
# pass by the prime factor algorithm) against none, on the any-size cases: `verify` with them in
# f32 and f64 first, then each largest composite radix's `bench` (f32 and f64, VkFFT beside the
# first), and Bluestein's 1000003 over M = 2073600 = 2^10 3^4 5^2 with and without them.
#   (there)  bash .gpu/gpu_composite.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" composite
FFTSCOPE_COMPOSITE_RADIX=64 verify_both 1000,1080,1920,4000,12288,48000,2002,3000,97,65537,1000003,1080x1920,3000x4000,750x1000 verify-64
for c in 0 64 24; do
  peers=()
  [ "$c" = 0 ] && peers=(--peers vkfft)
  for p in f32 f64; do
    b=(bench --device NVIDIA --variants auto "${peers[@]}" --precision $p)
    FFTSCOPE_COMPOSITE_RADIX=$c cli "${b[@]}" --sizes 1000,1080,1920,4000,12288,48000 --points 16777216 \
      --json "$work/c$c-1d-$p.json" > "$work/c$c-1d-$p.txt" 2>&1
    FFTSCOPE_COMPOSITE_RADIX=$c cli "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000,750x1000 --batch 1 \
      --json "$work/c$c-2d-$p.json" > "$work/c$c-2d-$p.txt" 2>&1
    [ "$p" = f64 ] && [ "$c" = 24 ] && continue
    FFTSCOPE_COMPOSITE_RADIX=$c cli bench-real --device NVIDIA --precision $p --size 1080x1920 > "$work/c$c-real-$p.txt" 2>&1
  done
  FFTSCOPE_COMPOSITE_RADIX=$c FFTSCOPE_BLUESTEIN_M=2073600 cli bench --device NVIDIA --variants auto --sizes 1000003 \
    --points 16777216 --json "$work/c$c-m2073600.json" > "$work/c$c-m2073600.txt" 2>&1
done
cli bench --device NVIDIA --variants auto --sizes 1000003 --points 16777216 --json "$work/m-auto.json" > "$work/m-auto.txt" 2>&1
gpu_end
