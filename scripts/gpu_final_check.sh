#!/usr/bin/env bash
# The build a session ends with, on the GPU: `verify` of the any-size shapes and Rader's primes in
# f32 and f64, then the any-size and prime tables beside VkFFT (f32). One archive.
#   (there)  bash .gpu/gpu_final_check.sh .gpu "$OUT"
set -u
cli_seconds=150
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" final-check
verify_both 1000,1080,1920,4000,12288,48000,3584,97,257,641,12289,32401,65537,1000003,1080x1920,3000x4000,750x1000
b=(bench --device NVIDIA --variants auto --peers vkfft)
cli "${b[@]}" --sizes 1000,12288,48000,65537,1000003 --points 16777216 --json "$work/anysize-1d-f32.json" \
  > "$work/anysize-1d-f32.txt" 2>&1
cli "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$work/anysize-2d-f32.json" > "$work/anysize-2d-f32.txt" 2>&1
cli "${b[@]}" --sizes 97,96,257,256,641,640,65536,1048576 --points 16777216 --json "$work/primes-f32.json" \
  > "$work/primes-f32.txt" 2>&1
gpu_end
