#!/usr/bin/env bash
# 1000003 x 16's row pass (4096 points, both FFTs and the filter in one launch) in other radix
# sequences and group sizes (FFTSCOPE_INNER_RADICES, FFTSCOPE_MAX_GROUP, FFTSCOPE_ITEM_POINTS),
# the plain build first and last: `bench`, each launch's kernel time in the JSON. One archive.
#   (there)  timeout 590 bash .gpu/gpu_prime_rows.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" prime-rows
for s in X=1 FFTSCOPE_INNER_RADICES=8,8,8,8 "FFTSCOPE_INNER_RADICES=8,8,8,8 FFTSCOPE_MAX_GROUP=512" \
         FFTSCOPE_INNER_RADICES=16,4,4,16 FFTSCOPE_INNER_RADICES=4,16,16,4 "FFTSCOPE_MAX_GROUP=512 FFTSCOPE_ITEM_POINTS=8" \
         "FFTSCOPE_INNER_RADICES=8,8,8,8 FFTSCOPE_MAX_GROUP=512 FFTSCOPE_ITEM_POINTS=8" X=2; do
  label=${s// /_}
  cli_with "$s" bench --device NVIDIA --variants auto --sizes 1000003 \
    --points 16777216 --json "$work/s-$label.json" > "$work/s-$label.txt" 2>&1
done
gpu_end
