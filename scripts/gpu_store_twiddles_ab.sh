#!/usr/bin/env bash
# Outer twiddles on the stores of the pass before (FFTSCOPE_STORE_TWIDDLES=1, the default) against
# on each pass's own loads (=0), taken in turn, three rounds: 1D f32 and f64, 2D f32, R2C and C2R
# 4096², each pass's kernel time in the JSON. `auto` is checked against FFTW before each timing.
# One archive.
#   (there)  timeout 590 bash .gpu/gpu_store_twiddles_ab.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" store-twiddles-ab
b=(bench --device NVIDIA --variants auto)
for round in 1 2 3; do
  for s in 1 0; do
    [ $SECONDS -lt 470 ] || break
    w() { cli_with "FFTSCOPE_STORE_TWIDDLES=$s" "$@"; }
    w "${b[@]}" --sizes 65536,1048576,16777216,12288,48000,1000000 --points 16777216 \
      --json "$work/1d-s$s-$round.json" > "$work/1d-s$s-$round.txt" 2>&1
    w "${b[@]}" --precision f64 --sizes 65536,1048576,16777216 --points 16777216 \
      --json "$work/f64-s$s-$round.json" > "$work/f64-s$s-$round.txt" 2>&1
    w "${b[@]}" --dims 2d --sizes 4096x4096,8192x8192,3000x4000 --batch 1 \
      --json "$work/2d-s$s-$round.json" > "$work/2d-s$s-$round.txt" 2>&1
    w bench-real --device NVIDIA --size 4096x4096 > "$work/real-s$s-$round.txt" 2>&1
  done
done
gpu_end
