#!/usr/bin/env bash
# The grouped kernel with `restrict` on its table and hook arguments (sources in .gpu/kv/E, through
# FFTSCOPE_KERNEL_DIR with the same binary) against as built: Bluestein's and Rader's passes,
# whose stores each follow a load from the hook, R2C and C2R, and the complex table for anything
# that moved. Every result checked against FFTW before it is timed. One archive comes back.
#   (there)  bash .gpu/gpu_restrict.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" restrict
for v in A E; do
  dir=$(kernels_of $v)
  b=(bench --device NVIDIA --variants auto)
  FFTSCOPE_KERNEL_DIR=$dir cli "${b[@]}" --sizes 1000003,65537,12289,97,641 --points 16777216 --json "$work/primes-$v.json" \
    > "$work/primes-$v.txt" 2>&1
  FFTSCOPE_KERNEL_DIR=$dir cli "${b[@]}" --sizes 1000003,65537 --points 16777216 --precision f64 --json "$work/primes-f64-$v.json" \
    > "$work/primes-f64-$v.txt" 2>&1
  FFTSCOPE_KERNEL_DIR=$dir cli "${b[@]}" --sizes 1000,48000,16384,16777216 --points 16777216 --json "$work/table-$v.json" \
    > "$work/table-$v.txt" 2>&1
  FFTSCOPE_KERNEL_DIR=$dir cli "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000,4096x4096 --batch 1 --json "$work/twod-$v.json" \
    > "$work/twod-$v.txt" 2>&1
  for p in f32 f64; do FFTSCOPE_KERNEL_DIR=$dir cli bench-real --device NVIDIA --precision $p --size 4096x4096; done \
    > "$work/real-$v.txt" 2>&1
done
cli bench-real --device NVIDIA --peers vkfft --size 4096x4096 > "$work/real-peers.txt" 2>&1
gpu_end
