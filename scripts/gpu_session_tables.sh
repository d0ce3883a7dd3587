#!/usr/bin/env bash
# The tables of docs/performance.md with one binary (gpu_tables.sh: `verify` in f32 and f64, the
# any-size, prime and power-of-two tables beside VkFFT and clFFT, R2C 4096^2), then real transforms
# and the Rader and Bluestein primes in f64 beside VkFFT, and R2C 4096^2 with N/2 + 1 between its
# passes (FFTSCOPE_PAD_HALF_SPECTRUM=0) to compare. Two archives come back.
#   (there)  bash .gpu/gpu_session_tables.sh .gpu "$OUT"
set -u
cli_seconds=150
here=$(dirname "$0")
bash "$here/gpu_tables.sh" "$1" "$2"
. "$here/gpu_common.sh"
gpu_begin "$1" "$2" extra
for p in f32 f64; do
  for s in 4096x4096 1080x1920 750x1000 "4096 --batch 4096"; do
    cli bench-real --device NVIDIA --peers vkfft,clfft --precision $p --size $s
  done > "$work/real-$p.txt" 2>&1
  FFTSCOPE_PAD_HALF_SPECTRUM=0 cli bench-real --device NVIDIA --precision $p --size 4096x4096 > "$work/unpadded-$p.txt" 2>&1
done
cli bench --device NVIDIA --variants auto --peers vkfft --sizes 65537,65536,1000003,1048576,97,96,257,256,641,640 \
  --points 16777216 --precision f64 --json "$work/primes-f64.json" > "$work/primes-f64.txt" 2>&1
gpu_end
