#!/usr/bin/env bash
# 1000003 x 16 (f32) under the planner's switches and other convolution lengths, each in its own
# process, with 2^20 x 16 beside it for the time a point. One archive.
#   (there)  timeout 300 bash .gpu/gpu_prime_sweep.sh .gpu "$OUT"
set -u
cli_seconds=40
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" prime-sweep
b=(bench --device NVIDIA --variants auto --points 16777216)
cli "${b[@]}" --sizes 1000003,1048576 --json "$work/default.json" > "$work/default.txt" 2>&1
for e in FFTSCOPE_REGISTER_PASSES=0 FFTSCOPE_HELD_RUN_BYTES=64 FFTSCOPE_RUN_BYTES=256 FFTSCOPE_REVERSE_GROUPS=0 \
         FFTSCOPE_STAGED_TWIDDLES=0 FFTSCOPE_OUTER_STEPS=0 FFTSCOPE_BLUESTEIN_M=2007040 FFTSCOPE_BLUESTEIN_M=2027520 \
         FFTSCOPE_BLUESTEIN_M=2048000 FFTSCOPE_BLUESTEIN_M=2064384; do
  env "$e" timeout 40 bash "$pack/run.sh" fftscope-cli "${b[@]}" --sizes 1000003 --json "$work/$e.json" > "$work/$e.txt" 2>&1
  env "$e" timeout 40 bash "$pack/run.sh" fftscope-cli plan --size 1000003 --batch 16 >> "$work/$e.txt" 2>&1
done
cli "${b[@]}" --sizes 1000003,1048576 --json "$work/default2.json" > "$work/default2.txt" 2>&1
gpu_end
