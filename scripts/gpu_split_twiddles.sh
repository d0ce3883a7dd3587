#!/usr/bin/env bash
# Bluestein's split (1000003 x 16) with its twiddles w(n2*k1, M) on the row pass (the default),
# on both column passes, or on the first column pass and the row pass's stores
# (FFTSCOPE_SPLIT_COLUMN_TWIDDLES=0, 1, first), f32 beside 65537 x 256 and 2^20 x 16, and f64,
# three rounds in turn. Each launch's kernel time is in the JSON. One archive.
#   (there)  timeout 590 bash .gpu/gpu_split_twiddles.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" split-twiddles
for round in 1 2 3; do
  for t in 0 1 first; do
    FFTSCOPE_SPLIT_COLUMN_TWIDDLES=$t cli bench --device NVIDIA --variants auto --sizes 1000003,65537,1048576 \
      --points 16777216 --json "$work/t$t-f32-$round.json" > "$work/t$t-f32-$round.txt" 2>&1
    FFTSCOPE_SPLIT_COLUMN_TWIDDLES=$t cli bench --device NVIDIA --variants auto --precision f64 --sizes 1000003 \
      --points 16777216 --json "$work/t$t-f64-$round.json" > "$work/t$t-f64-$round.txt" 2>&1
  done
done
gpu_end
