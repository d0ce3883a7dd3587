#!/usr/bin/env bash
# The grouped planner's shape switches again on the power-of-two cases still behind a peer (1024 x
# 16384, 16384 x 1024, 2^20 x 16, 2D 1024² x 16, 4096², 8192²), one call each, the plain build
# first and last: which of them the kernels as they are now would take otherwise. One archive.
#   (there)  timeout 590 bash .gpu/gpu_knob_sweep.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" knob-sweep
for s in X=1 FFTSCOPE_RUN_BYTES=256 FFTSCOPE_GROUP_TARGET=32 FFTSCOPE_GROUP_TARGET=16 FFTSCOPE_STAGED_TWIDDLES=0 \
         FFTSCOPE_REVERSE_GROUPS=0 FFTSCOPE_HELD_RUN_BYTES=128 X=2; do
  label=${s// /_}
  cli_with "$s" bench --device NVIDIA --variants auto --sizes 1024,16384,1048576 \
    --points 16777216 --json "$work/1d-$label.json" > "$work/1d-$label.txt" 2>&1
  cli_with "$s" bench --device NVIDIA --variants auto --dims 2d \
    --sizes 4096x4096,8192x8192 --batch 1 --json "$work/2d-$label.json" > "$work/2d-$label.txt" 2>&1
  cli_with "$s" bench --device NVIDIA --variants auto --dims 2d \
    --sizes 1024x1024 --batch 16 --json "$work/2b-$label.json" > "$work/2b-$label.txt" 2>&1
done
# 1024 x 16384's one pass in other inner radices.
for r in 8,8,16 4,16,16 16,4,16; do
  FFTSCOPE_INNER_RADICES=$r cli bench --device NVIDIA --variants auto --sizes 1024 --points 16777216 \
    --json "$work/radices-$r.json" > "$work/radices-$r.txt" 2>&1
done
gpu_end
