#!/usr/bin/env bash
# Outer twiddles on the stores of the pass before (FFTSCOPE_STORE_TWIDDLES, on by default) against
# on each pass's own loads (=0): `verify` of `auto` first in f32 and f64 at sizes of two and three
# passes, then `bench` of both in turn, two rounds, each pass's kernel time in the JSON; last, the
# power-of-two peer table with the default and f64 figures for the cases that change. One archive.
#   (there)  timeout 590 bash .gpu/gpu_store_twiddles.sh .gpu "$OUT"
set -u
cli_seconds=150
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" store-twiddles
verify_both 65536,12288,48000,1000000,1048576,4194304,4096x4096,3000x4000,1080x1920,8192x2048
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for s in 1 0; do
    [ $SECONDS -lt 330 ] || break
    cli_with "FFTSCOPE_STORE_TWIDDLES=$s" "${b[@]}" --sizes 65536,1048576,16777216,12288,48000,1000000 --points 16777216 \
      --json "$work/1d-s$s-$round.json" > "$work/1d-s$s-$round.txt" 2>&1
    cli_with "FFTSCOPE_STORE_TWIDDLES=$s" "${b[@]}" --dims 2d --sizes 4096x4096,8192x8192,3000x4000 --batch 1 \
      --json "$work/2d-s$s-$round.json" > "$work/2d-s$s-$round.txt" 2>&1
  done
done
[ $SECONDS -lt 420 ] && power_of_two_tables
[ $SECONDS -lt 500 ] && cli bench --device NVIDIA --variants auto --peers vkfft --precision f64 \
  --sizes 65536,1048576,16777216 --points 16777216 --json "$work/f64-1d.json" > "$work/f64-1d.txt" 2>&1
[ $SECONDS -lt 540 ] && cli bench --device NVIDIA --variants auto --peers vkfft --precision f64 --dims 2d \
  --sizes 4096x4096,8192x8192 --batch 1 --json "$work/f64-2d.json" > "$work/f64-2d.txt" 2>&1
gpu_end
