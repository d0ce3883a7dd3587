#!/usr/bin/env bash
# Inner twiddles from R/4 + 2 lookups in register-held passes of 32 and 64 values too
# (FFTSCOPE_INNER_STEPS=all) against reading every one there (the default), now that those passes
# end in radix 32 or 64: `verify` with it first, then `bench` taken in turn, three rounds. One archive.
#   (there)  timeout 400 bash .gpu/gpu_wide_steps.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" wide-steps
FFTSCOPE_INNER_STEPS=all verify_both 16384,8192,3x16384,8192x8192 verify-steps
b=(bench --device NVIDIA --variants auto)
for round in 1 2 3; do
  for s in FFTSCOPE_INNER_STEPS=all X=1; do
    [ $SECONDS -lt 330 ] || break
    cli_with "$s" "${b[@]}" --sizes 16384,8192 --points 16777216 --json "$work/1d-$s-$round.json" > "$work/1d-$s-$round.txt" 2>&1
    cli_with "$s" "${b[@]}" --dims 2d --sizes 8192x8192 --batch 1 --json "$work/2d-$s-$round.json" > "$work/2d-$s-$round.txt" 2>&1
  done
done
gpu_end
