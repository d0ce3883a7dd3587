#!/usr/bin/env bash
# Inner passes' twiddles on the stores into local memory before the barrier
# (FFTSCOPE_INNER_ON_STORES=1) against on the reads after it (=0, the default): `verify` of `auto`
# with them first, then `bench` of both in turn, two rounds, each pass's kernel time in the JSON;
# last, the power-of-two peer table with them. Outer twiddles on the stores of the pass before
# are on in all (the default). One archive.
#   (there)  timeout 590 bash .gpu/gpu_inner_on_stores.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" inner-on-stores
FFTSCOPE_INNER_ON_STORES=1 verify_both 16384,1048576,1000,4099,48000,4096x4096
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for s in 1 0; do
    [ $SECONDS -lt 400 ] || break
    w() { cli_with "FFTSCOPE_INNER_ON_STORES=$s" "$@"; }
    w "${b[@]}" --sizes 256,1024,4096,16384,65536,1048576,16777216,1000,48000 --points 16777216 \
      --json "$work/1d-s$s-$round.json" > "$work/1d-s$s-$round.txt" 2>&1
    w "${b[@]}" --dims 2d --sizes 1024x1024 --batch 16 --json "$work/2d16-s$s-$round.json" > "$work/2d16-s$s-$round.txt" 2>&1
    w "${b[@]}" --dims 2d --sizes 4096x4096,8192x8192,1080x1920 --batch 1 \
      --json "$work/2d-s$s-$round.json" > "$work/2d-s$s-$round.txt" 2>&1
    w "${b[@]}" --precision f64 --sizes 4096,16384,1048576 --points 16777216 \
      --json "$work/f64-s$s-$round.json" > "$work/f64-s$s-$round.txt" 2>&1
  done
done
export FFTSCOPE_INNER_ON_STORES=1
[ $SECONDS -lt 470 ] && power_of_two_tables
gpu_end
