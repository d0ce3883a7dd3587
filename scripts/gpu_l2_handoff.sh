#!/usr/bin/env bash
# 2D columns of 4096 points handed from the first column step to the second through the L2 cache
# in one launch, against two launches (scripts/l2_handoff/README.md); copies that the L2 cache
# holds; and the engine's 2D 4096² beside them. One archive.
#   (here)   g++ -O2 -std=c++17 scripts/l2_handoff/column_steps_handoff.cpp -o /tmp/column_steps_handoff -lOpenCL
#            then pack it with fftscope-cli and copy kernels/common.cl and
#            scripts/l2_handoff/column_steps_handoff.cl into .gpu/l2_handoff/
#   (there)  timeout 590 bash .gpu/gpu_l2_handoff.sh .gpu "$OUT" [NAME]
set -u
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" "${3:-l2-handoff}"
k=$pack/l2_handoff
h() { timeout 150 bash "$pack/run.sh" column_steps_handoff 4096 20 "$k" "$@"; }
h one 1,2,4 0,16 6,12,24 > "$work/handoff-one.txt" 2>&1
h all 1,2 0 6,12 > "$work/handoff-all.txt" 2>&1
h mem 1,2 0,32 3,12 > "$work/handoff-mem.txt" 2>&1
cli bench --device NVIDIA --variants auto --dims 2d --sizes 4096x4096 --batch 1 --json "$work/2d-4096.json" \
  > "$work/2d-4096.txt" 2>&1
gpu_end
