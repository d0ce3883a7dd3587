#!/usr/bin/env bash
# `verify --variant all` (every variant and twiddle mode, 1D 2 .. 2^16 and 2D sides 2 .. 2^10)
# in f32 and f64, then `auto` at the any-size shapes and the large powers of two in both, with the
# build as committed. One archive.
#   (there)  timeout 590 bash .gpu/gpu_verify_all.sh .gpu "$OUT"
set -u
cli_seconds=170
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" verify-all
for p in f32 f64; do
  cli verify --device NVIDIA --variant all --precision $p > "$work/all-$p.txt" 2>&1
done
verify_both 1000,12288,48000,97,257,641,65537,1000003,1080x1920,3000x4000,1000x750,16384,1048576,16777216,4096x4096 auto
gpu_end
