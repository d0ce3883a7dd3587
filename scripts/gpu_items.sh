#!/usr/bin/env bash
# Points a work-item of every grouped step aims at (FFTSCOPE_ITEM_POINTS), on the GPU: R2C and C2R
# of 4096^2 and 2D and 1D mixed-radix cases, each launch's time printed or in the JSON, every
# result checked against FFTW first. Everything goes back as one archive.
#   (there)  bash .gpu/gpu_items.sh .gpu "$OUT"
set -u
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" items
for items in default 8 4; do
  if [ "$items" = default ]; then unset FFTSCOPE_ITEM_POINTS; else export FFTSCOPE_ITEM_POINTS=$items; fi
  for s in 4096x4096 1080x1920; do cli bench-real --device NVIDIA --size $s; done > "$work/real-$items.txt" 2>&1
  cli bench --device NVIDIA --variants auto --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$work/2d-$items.json" \
    > "$work/2d-$items.txt" 2>&1
  cli bench --device NVIDIA --variants auto --sizes 1080,12288,48000,1000003 --points 16777216 --json "$work/1d-$items.json" \
    > "$work/1d-$items.txt" 2>&1
  echo "$items: $(date -u)" >> "$work/steps.txt"
done
gpu_end
