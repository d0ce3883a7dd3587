#!/usr/bin/env bash
# The passes after a long row's first (2^24's p = 256 and p = 65536, 2^20 x 16's and 65536 x 256's
# second, 1024² x 16's columns) under their lane and twiddle switches, two rounds in turn. One
# archive.
#   (there)  timeout 590 bash .gpu/gpu_later_passes.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" later-passes
for round in 1 2; do
  for s in X=1 FFTSCOPE_LATER_LANES=16 FFTSCOPE_LATER_LANES=32 FFTSCOPE_STAGED_TWIDDLES=0 FFTSCOPE_RUN_BYTES=256; do
    label=${s// /_}-$round
    cli_with "$s" bench --device NVIDIA --variants auto --sizes 65536,1048576,16777216 --points 16777216 \
      --json "$work/1d-$label.json" > "$work/1d-$label.txt" 2>&1
    cli_with "$s" bench --device NVIDIA --variants auto --dims 2d --sizes 1024x1024 --batch 16 \
      --json "$work/2d-$label.json" > "$work/2d-$label.txt" 2>&1
  done
done
gpu_end
