#!/usr/bin/env bash
# The build after review (wide radices kept out of strided steps and fused stages by the planner):
# `verify` of `auto` with table twiddles at the powers of two from 2 to 2^22 in batches of 1 and 3
# and at the any-size shapes, f32 and f64; then the group-size switches on the rows still level
# with VkFFT (256 x 65536 and 1024 x 16384, f32 and f64), two rounds in turn. One archive.
#   (there)  timeout 590 bash .gpu/gpu_wide_final.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" wide-final
for p in f32 f64; do
  cli verify --device NVIDIA --variant auto --twiddle table --precision $p --max-log2 22 --dims 1d \
    > "$work/verify-pow2-$p.txt" 2>&1
done
verify_both 1000,12288,48000,65537,1000003,4099,1080x1920,3000x4000,8192x8192 verify-anysize
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for s in X=1 FFTSCOPE_GROUP_TARGET=64 FFTSCOPE_GROUP_TARGET=256 FFTSCOPE_MAX_GROUP=512; do
    [ $SECONDS -lt 560 ] || break
    cli_with "$s" "${b[@]}" --sizes 256,1024 --points 16777216 --json "$work/rows-f32-$s-$round.json" \
      > "$work/rows-f32-$s-$round.txt" 2>&1
    cli_with "$s" "${b[@]}" --precision f64 --sizes 256,1024 --points 16777216 --json "$work/rows-f64-$s-$round.json" \
      > "$work/rows-f64-$s-$round.txt" 2>&1
  done
done
gpu_end
