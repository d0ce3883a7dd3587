#!/usr/bin/env bash
# Rader's scatter with as many lanes as local memory holds: `verify` of Rader's primes in f32 and
# f64, then the prime table beside the powers of two and VkFFT (f32), and 65537 in f64.
#   (there)  bash .gpu/gpu_scatter_lanes.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" scatter-lanes
verify_both 65537,97,257,641,12289,1000003,257x97
b=(bench --device NVIDIA --variants auto --peers vkfft)
cli "${b[@]}" --sizes 97,96,257,256,641,640,65537,65536,1000003,1048576 --points 16777216 \
  --json "$work/primes-f32.json" > "$work/primes-f32.txt" 2>&1
cli "${b[@]}" --precision f64 --sizes 65537,65536 --points 16777216 --json "$work/primes-f64.json" > "$work/primes-f64.txt" 2>&1
gpu_end
