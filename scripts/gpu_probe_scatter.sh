#!/usr/bin/env bash
# Rader's 65537 x 255 with fewer and more lanes in its passes after the first (the scatter's group
# covers fewer or more places of a row; FFTSCOPE_GROUP_TARGET=64 with FFTSCOPE_LATER_LANES=4, and
# FFTSCOPE_LATER_LANES=16), f32 and f64. One archive.
#   (there)  bash .gpu/gpu_probe_scatter.sh .gpu "$OUT"
set -u
cli_seconds=60
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" scatter-lanes
for p in f32 f64; do
  for v in "" "FFTSCOPE_GROUP_TARGET=64 FFTSCOPE_LATER_LANES=4" FFTSCOPE_LATER_LANES=16 ""; do
    tag=$(echo "${v:-default}" | tr ' =' '-_')
    env $v bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --precision $p --sizes 65537 \
      --points 16777216 --json "$work/$p-$tag.json" >> "$work/$p-$tag.txt" 2>&1
  done
done
gpu_end
