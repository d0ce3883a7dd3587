#!/usr/bin/env bash
# The alternating group order in f64 (FFTSCOPE_REVERSE_GROUPS=0 against the default), the
# power-of-two table's multi-pass cases and 2D shapes beside VkFFT, twice each in turn. One archive.
#   (there)  timeout 400 bash .gpu/gpu_reverse64.sh .gpu "$OUT"; (cd "$OUT" && tar czf reverse64.tgz reverse64)
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" reverse64
b=(bench --device NVIDIA --variants auto --peers vkfft --precision f64)
for round in 1 2; do
  for rev in 0 1; do
    tag=r$round-rev$rev
    FFTSCOPE_REVERSE_GROUPS=$rev cli "${b[@]}" --sizes 16384,65536,1048576,16777216 --points 16777216 \
      --json "$work/1d-$tag.json" > "$work/1d-$tag.txt" 2>&1
    FFTSCOPE_REVERSE_GROUPS=$rev cli "${b[@]}" --dims 2d --sizes 4096x4096,8192x8192,3000x4000 --batch 1 \
      --json "$work/2d-$tag.json" > "$work/2d-$tag.txt" 2>&1
  done
done
gpu_end
