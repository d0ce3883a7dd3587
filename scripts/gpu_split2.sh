#!/usr/bin/env bash
# The split's row pass on the GPU, kernel variants packed as .gpu/kv/B (its output twiddles from
# R/4 + 1 lookups a butterfly) and .gpu/kv/C (B, and one lookup for the input twiddles of a
# one-lane group): `verify` of each, 1000003 x 16 in f32 and f64 beside VkFFT with each, the row
# pass's radices, then the any-size table with the binary's kernels. One archive.
#   (there)  timeout 560 bash .gpu/gpu_split2.sh .gpu "$OUT"
set -u
cli_seconds=110
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" split2
b=(bench --device NVIDIA --variants auto --points 16777216)
for v in B C; do
  FFTSCOPE_KERNEL_DIR=$(kernels_of $v) verify_both 1000003,2000003,524309,4099 verify-$v
done
for v in A B C; do
  for p in f32 f64; do
    FFTSCOPE_KERNEL_DIR=$(kernels_of $v) cli "${b[@]}" --precision $p --peers vkfft --sizes 1000003 \
      --json "$work/bluestein-$v-$p.json" > "$work/bluestein-$v-$p.txt" 2>&1
  done
done
FFTSCOPE_INNER_RADICES=8,8,8,8 cli "${b[@]}" --sizes 1000003 --json "$work/r8x4-f32.json" > "$work/r8x4-f32.txt" 2>&1
FFTSCOPE_OUTER_STEPS=0 cli "${b[@]}" --sizes 1000003 --json "$work/steps0-f32.json" > "$work/steps0-f32.txt" 2>&1
a=(bench --device NVIDIA --variants auto --peers vkfft,clfft)
cli "${a[@]}" --sizes 1000,12288,48000,65537,1000003,65536,1048576 --points 16777216 --json "$work/anysize-1d-f32.json" \
  > "$work/anysize-1d-f32.txt" 2>&1
cli "${a[@]}" --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$work/anysize-2d-f32.json" > "$work/anysize-2d-f32.txt" 2>&1
gpu_end
