#!/usr/bin/env bash
# The timings gpu_twiddle_powers.sh had no time left for (its `verify` of S and P passed): the
# kernel variants O, A, P, S and S4 in turn, two rounds, and the registers of 16384's pass.
#   (there)  timeout 590 bash .gpu/gpu_twiddle_powers2.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" twiddle-powers2
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for v in O A P S S4; do
    [ $SECONDS -gt 480 ] && break
    k=$(kernels_of $v)
    FFTSCOPE_KERNEL_DIR=$k cli "${b[@]}" --sizes 1024,8192,16384,1048576,16777216 --points 16777216 \
      --json "$work/1d-f32-$v-$round.json" > "$work/1d-f32-$v-$round.txt" 2>&1
    FFTSCOPE_KERNEL_DIR=$k cli "${b[@]}" --dims 2d --sizes 1024x1024 --batch 16 \
      --json "$work/2d16-f32-$v-$round.json" > "$work/2d16-f32-$v-$round.txt" 2>&1
  done
done
for v in A S; do
  FFTSCOPE_KERNEL_DIR=$(kernels_of $v) FFTSCOPE_PRINT_KERNELS=1 cli "${b[@]}" --sizes 16384 --points 16777216 \
    > "$work/regs-$v.txt" 2> "$work/regs-$v.log"
  grep -E "ptxas|registers|spill|stack|-D POINTS" "$work/regs-$v.log" > "$work/regs-$v.regs" || true
  rm -f "$work/regs-$v.log"
done
gpu_end
