#!/usr/bin/env bash
# The last passes of Bluestein's and Rader's convolutions with every hook value loaded before the
# first store (kernel sources in .gpu/kv/F, through FFTSCOPE_KERNEL_DIR) against the built binary's
# kernels, f32 and f64, beside VkFFT; every result checked against FFTW before it is timed, and
# `verify` of the prime cases with the new kernels. One archive comes back.
#   (there)  bash .gpu/gpu_hookparts.sh .gpu "$OUT"
set -u
cli_seconds=150
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" hookparts
for v in A F; do
  dir=$(kernels_of $v)
  for p in f32 f64; do
    FFTSCOPE_KERNEL_DIR=$dir cli bench --device NVIDIA --variants auto --sizes 65537,1000003,12289,2053,65536,1048576 \
      --points 16777216 --precision $p --json "$work/primes-$p-$v.json" > "$work/primes-$p-$v.txt" 2>&1
  done
done
cli bench --device NVIDIA --variants auto --peers vkfft --sizes 65537,1000003 --points 16777216 --json "$work/peers.json" \
  > "$work/peers.txt" 2>&1
FFTSCOPE_KERNEL_DIR=$(kernels_of F) verify_both 65537,1000003,12289,2053,4099,7x65537,1601x64,64x1601,97,641
FFTSCOPE_KERNEL_DIR=$(kernels_of F) FFTSCOPE_RADER=prefer verify_both 65537,12289,2053,4099,1601x64,64x1601 verify-rader
gpu_end
