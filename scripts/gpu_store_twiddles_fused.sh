#!/usr/bin/env bash
# Outer twiddles on the plain stores between the passes of Bluestein's and Rader's fused FFTs
# (build 1ee20af; FFTSCOPE_STORE_TWIDDLES=0 puts every pass's back on its loads): `verify` of
# `auto` first in f32 and f64, then `bench` both ways in turn, two rounds, at Rader's 12289,
# 65537 and 786433 (whose FFTs' second passes take them) and 40961 and 1000003 (which do not: a
# first pass ending in radix 10, Bluestein's split), each pass's kernel time in the JSON. One archive.
#   (there)  timeout 500 bash .gpu/gpu_store_twiddles_fused.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" store-twiddles-fused
verify_both 12289,65537,786433,40961,4099,97x12289
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for s in 1 0; do
    [ $SECONDS -lt 400 ] || break
    cli_with "FFTSCOPE_STORE_TWIDDLES=$s" "${b[@]}" --sizes 12289,65537,786433,40961,1000003 --points 16777216 \
      --json "$work/1d-s$s-$round.json" > "$work/1d-s$s-$round.txt" 2>&1
    cli_with "FFTSCOPE_STORE_TWIDDLES=$s" "${b[@]}" --precision f64 --sizes 12289,65537,786433 --points 16777216 \
      --json "$work/f64-s$s-$round.json" > "$work/f64-s$s-$round.txt" 2>&1
  done
done
gpu_end
