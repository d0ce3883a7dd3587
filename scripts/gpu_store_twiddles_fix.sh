#!/usr/bin/env bash
# After the fix that keeps a pass's twiddles on its loads where it twiddles its own (b94ad97):
# `verify` of `auto` in f32 and f64 at lengths of three passes whose first ends in an odd radix
# (5 * 2^19, 7 * 2^18, 5 * 2^20, 7 * 2^19) and smaller ones of two, each also in a batch. One archive.
#   (there)  timeout 400 bash .gpu/gpu_store_twiddles_fix.sh .gpu "$OUT"
set -u
cli_seconds=150
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" store-twiddles-fix
for n in 2621440 1835008 5242880 3670016; do
  cli plan --device NVIDIA --size $n > "$work/plan-$n.txt" 2>&1
done
verify_both 2621440,1835008,5242880,3670016,81920,327680,20480
gpu_end
