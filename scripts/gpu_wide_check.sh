#!/usr/bin/env bash
# The wide radices as committed (32 and 64 in register-held steps over whole rows, on by default):
# `verify` of `auto` at the plans they change and around them, in f32 and f64; then against
# FFTSCOPE_WIDE_RADICES=0 taken in turn, two rounds: 16384 x 1024, 8192 x 2048, 2D 8192², R2C and
# C2R 8192². One archive.
#   (there)  timeout 590 bash .gpu/gpu_wide_check.sh .gpu "$OUT"
set -u
cli_seconds=110
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" wide-check
verify_both 8192,16384,3x8192,5x16384,8192x8192,1048576,4096x4096,65536
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for s in 1 0; do
    [ $SECONDS -lt 500 ] || break
    w() { cli_with "FFTSCOPE_WIDE_RADICES=$s" "$@"; }
    w "${b[@]}" --sizes 16384,8192 --points 16777216 --json "$work/1d-w$s-$round.json" > "$work/1d-w$s-$round.txt" 2>&1
    w "${b[@]}" --dims 2d --sizes 8192x8192 --batch 1 --json "$work/2d-w$s-$round.json" > "$work/2d-w$s-$round.txt" 2>&1
    w bench-real --device NVIDIA --size 8192x8192 > "$work/real-w$s-$round.txt" 2>&1
  done
done
gpu_end
