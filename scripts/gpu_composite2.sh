#!/usr/bin/env bash
# Composite inner radices in first passes only (FFTSCOPE_COMPOSITE_RADIX=64 against 0) on the
# any-size cases in f32 and f64, then named sequences (FFTSCOPE_INNER_RADICES) for the steps where
# the first try lost or won least: 4000-point rows, 1920-point rows in f64, and the passes after
# others of 48000 (240 points) and of 3000-point columns (60 points).
#   (there)  bash .gpu/gpu_composite2.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" composite2
FFTSCOPE_COMPOSITE_RADIX=64 verify_both 1000,1080,1920,4000,12288,48000,3000,1080x1920,3000x4000,750x1000 verify-64
for c in 0 64; do
  for p in f32 f64; do
    b=(bench --device NVIDIA --variants auto --precision $p)
    FFTSCOPE_COMPOSITE_RADIX=$c cli "${b[@]}" --sizes 1000,1080,1920,4000,12288,48000 --points 16777216 \
      --json "$work/c$c-1d-$p.json" > "$work/c$c-1d-$p.txt" 2>&1
    FFTSCOPE_COMPOSITE_RADIX=$c cli "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000,750x1000 --batch 1 \
      --json "$work/c$c-2d-$p.json" > "$work/c$c-2d-$p.txt" 2>&1
  done
done
named() {  # named PRECISION SIZE-ARGS SEQUENCES...
  local p=$1 size=$2
  shift 2
  for s in "$@"; do
    FFTSCOPE_INNER_RADICES=$s cli bench --device NVIDIA --variants auto --precision $p $size \
      --json "$work/named-$p-${size// /_}-$s.json" > "$work/named-$p-${size// /_}-$s.txt" 2>&1
  done
}
named f32 "--sizes 4000 --points 16777216" 8,4,5,5,5 20,20,10 40,10,10 10,20,20 16,10,25 8,20,25 16,5,5,10 4,8,5,5,5
named f32 "--dims 2d --sizes 3000x4000 --batch 1" 4,3,5 4,15 12,5 20,3
for p in f32 f64; do
  named $p "--sizes 1920 --points 16777216" 16,8,3,5 16,12,10 16,8,15 16,24,5 8,16,15 48,40
  named $p "--sizes 48000 --points 16777216" 16,3,5 16,15 48,5 24,10 8,6,5
done
gpu_end
