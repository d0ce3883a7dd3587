#!/usr/bin/env bash
# Grouped passes that take their lanes last to first after a pass that ran first to last
# (FFTSCOPE_REVERSE_GROUPS=1), against the natural order, twice each in turn, f32 (and the
# multi-pass f64 cases). `verify` with it first. One archive.
#   (there)  bash .gpu/gpu_reverse.sh .gpu "$OUT"
set -u
cli_seconds=150
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" reverse
export FFTSCOPE_REVERSE_GROUPS=1
verify_both 65536,1048576,16777216,12288,48000,65537,1000003,1024x1024,4096x4096,1080x1920,3000x4000
unset FFTSCOPE_REVERSE_GROUPS
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for rev in 0 1; do
    export FFTSCOPE_REVERSE_GROUPS=$rev
    tag=r$round-rev$rev
    cli "${b[@]}" --sizes 65536,1048576,16777216,12288,48000,65537,1000003 --points 16777216 \
      --json "$work/1d-$tag.json" > "$work/1d-$tag.txt" 2>&1
    cli "${b[@]}" --dims 2d --sizes 1024x1024 --batch 16 --json "$work/2d16-$tag.json" > "$work/2d16-$tag.txt" 2>&1
    cli "${b[@]}" --dims 2d --sizes 4096x4096,8192x8192,1080x1920,3000x4000 --batch 1 \
      --json "$work/2d-$tag.json" > "$work/2d-$tag.txt" 2>&1
    FFTSCOPE_REGISTER_PASSES=0 cli "${b[@]}" --sizes 16384 --points 16777216 \
      --json "$work/16384-local-$tag.json" > "$work/16384-local-$tag.txt" 2>&1
    cli "${b[@]}" --precision f64 --sizes 65536,1048576,16777216 --points 16777216 \
      --json "$work/1d64-$tag.json" > "$work/1d64-$tag.txt" 2>&1
  done
done
gpu_end
