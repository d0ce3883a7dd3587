#!/usr/bin/env bash
# Rader's permuting pass (FFTSCOPE_RADER_PERMUTE=1) with rows last to first after the pass before,
# and grouped passes alternating their order (FFTSCOPE_REVERSE_GROUPS=1) against the natural order
# on the table's 1D and 2D cases, twice each in turn; Rader's against Bluestein's (FFTSCOPE_RADER=0)
# for the primes the estimate now gives Rader. `verify` with both first. One archive.
#   (there)  bash .gpu/gpu_permute2.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" permute2
export FFTSCOPE_RADER_PERMUTE=1
FFTSCOPE_REVERSE_GROUPS=1 verify_both 65537,12289,40961,18433,786433,32401,1000003,16384,1080x1920,1024x1024
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for rev in 0 1; do
    export FFTSCOPE_REVERSE_GROUPS=$rev
    tag=r$round-rev$rev
    cli "${b[@]}" --sizes 65536,1048576,16777216,65537,12289,1000003 --points 16777216 \
      --json "$work/1d-$tag.json" > "$work/1d-$tag.txt" 2>&1
    cli "${b[@]}" --dims 2d --sizes 1024x1024 --batch 16 --json "$work/2d16-$tag.json" > "$work/2d16-$tag.txt" 2>&1
    cli "${b[@]}" --dims 2d --sizes 4096x4096,1080x1920,3000x4000 --batch 1 \
      --json "$work/2d-$tag.json" > "$work/2d-$tag.txt" 2>&1
  done
  date -u >> "$work/machine.txt"
done
export FFTSCOPE_REVERSE_GROUPS=1
for rader in 1 0; do
  FFTSCOPE_RADER=$rader cli "${b[@]}" --sizes 40961,18433,786433,12289 --points 16777216 \
    --json "$work/primes-rader$rader.json" > "$work/primes-rader$rader.txt" 2>&1
done
cli "${b[@]}" --precision f64 --sizes 65537,12289 --points 16777216 --json "$work/f64.json" > "$work/f64.txt" 2>&1
gpu_end
