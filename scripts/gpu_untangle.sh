#!/usr/bin/env bash
# R2C's row pass with its untangling written other ways (kernel sources in .gpu/kv/B, C, D, run
# through FFTSCOPE_KERNEL_DIR with the same binary): A as built, B `restrict` on the table and the
# output, C twiddles computed instead of read from the table, D every twiddle loaded before the
# first store. Each result checked against FFTW before it is timed. One archive comes back.
#   (there)  bash .gpu/gpu_untangle.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" untangle
for v in A B C D; do
  dir=$(kernels_of $v)
  for p in f32 f64; do
    for s in "4096 --batch 4096" 4096x4096; do
      FFTSCOPE_KERNEL_DIR=$dir cli bench-real --device NVIDIA --precision $p --size $s
    done
  done > "$work/variant-$v.txt" 2>&1
done
gpu_end
