#!/usr/bin/env bash
# 2D 1080 x 1920 (f32) with the composite radices: other sequences for its 1080-point columns and
# 1920-point rows (FFTSCOPE_INNER_RADICES), larger groups (FFTSCOPE_MAX_GROUP=512), and the 1D
# 1920-point rows in f64 (which lost with 16 12 10) the same ways. One archive.
#   (there)  bash .gpu/gpu_probe1080.sh .gpu "$OUT"
set -u
cli_seconds=60
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" probe1080
one() {  # one NAME [VAR=VALUE...]: 2D 1080 x 1920 f32 with the variables set
  local name=$1
  shift
  env "$@" bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --dims 2d --sizes 1080x1920 --batch 1 \
    --json "$work/2d-$name.json" > "$work/2d-$name.txt" 2>&1
}
one default
one default-again
one group512 FFTSCOPE_MAX_GROUP=512
for s in 8,15,9 24,5,9 20,6,9 10,12,9 9,12,10 6,20,9 8,9,15 12,10,9; do one "cols-${s//,/-}" FFTSCOPE_INNER_RADICES=$s; done
for s in 10,12,16 12,16,10 16,10,12 8,16,15 16,8,15 8,8,10,3; do one "rows-${s//,/-}" FFTSCOPE_INNER_RADICES=$s; done
for v in "" FFTSCOPE_MAX_GROUP=512 FFTSCOPE_INNER_RADICES=16,8,3,5 FFTSCOPE_INNER_RADICES=16,8,15 FFTSCOPE_COMPOSITE_RADIX=0; do
  env $v bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --precision f64 --sizes 1920 \
    --points 16777216 --json "$work/f64-1920-${v:-default}.json" > "$work/f64-1920-${v:-default}.txt" 2>&1
done
one default-last
gpu_end
