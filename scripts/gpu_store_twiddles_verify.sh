#!/usr/bin/env bash
# `verify` of `auto` as committed (outer twiddles on the stores of the pass before where its last
# inner radix is a multiple of 4), every twiddle mode, f32 and f64: the powers of two up to 2^22
# (2D sides up to 2^11), then the any-size and prime shapes. Each command is cut off by its time
# limit; every case it ran is in its log. One archive.
#   (there)  timeout 590 bash .gpu/gpu_store_twiddles_verify.sh .gpu "$OUT"
set -u
cli_seconds=130
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" store-twiddles-verify
for p in f32 f64; do
  cli verify --device NVIDIA --variant auto --twiddle all --precision $p --max-log2 22 --max-log2-2d 11 \
    > "$work/powers-$p.txt" 2>&1
done
for p in f32 f64; do
  cli verify --device NVIDIA --variant auto --twiddle table --precision $p \
    --sizes 1000,12288,48000,65537,1000003,4099,2053,12289,200x83886,1080x1920,3000x4000,1000x750 \
    > "$work/anysize-$p.txt" 2>&1
done
gpu_end
