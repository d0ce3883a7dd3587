#!/usr/bin/env bash
# 1000003 x 16 (Bluestein's split) with a batch's rows taken in turn (FFTSCOPE_BATCH_GROUPS: 0
# none, 1 the filter's row pass, 2 every pass), 2^20 x 16 beside it for the time a point, three
# rounds in turn, f32 and f64; then shorter smooth M (FFTSCOPE_BLUESTEIN_M) with the default.
# Each launch's kernel time is in the JSON. One archive.
#   (there)  timeout 590 bash .gpu/gpu_batch_groups.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" batch-groups
bench() { cli bench --device NVIDIA --variants auto --points 16777216 "$@"; }
for round in 1 2 3; do
  for p in f32 f64; do
    for g in 0 1 2; do
      FFTSCOPE_BATCH_GROUPS=$g bench --precision $p --sizes 1000003,1048576 --json "$work/g$g-$p-$round.json" \
        > "$work/g$g-$p-$round.txt" 2>&1
    done
  done
done
for m in 2007040 2016000 2048000; do
  for p in f32 f64; do
    FFTSCOPE_BLUESTEIN_M=$m bench --precision $p --sizes 1000003 --json "$work/m$m-$p.json" > "$work/m$m-$p.txt" 2>&1
  done
done
gpu_end
