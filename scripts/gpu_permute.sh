#!/usr/bin/env bash
# Rader's last pass storing in order and a pass of its own permuting (FFTSCOPE_RADER_PERMUTE=1)
# against the scattered stores, f32 and f64, twice each in turn; then grouped passes taking their
# lanes last to first (FFTSCOPE_REVERSE_GROUPS=1) on the multi-pass 1D cases. `verify` first.
#   (there)  bash .gpu/gpu_permute.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" permute
FFTSCOPE_RADER_PERMUTE=1 verify_both 65537,32401,12289,257,1000003
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for permute in 0 1; do
    tag=r$round-permute$permute
    FFTSCOPE_RADER_PERMUTE=$permute cli "${b[@]}" --sizes 65537,32401 --points 16777216 \
      --json "$work/rader-$tag.json" > "$work/rader-$tag.txt" 2>&1
    FFTSCOPE_RADER_PERMUTE=$permute FFTSCOPE_RADER=prefer cli "${b[@]}" --sizes 12289 --points 16777216 \
      --json "$work/prefer-$tag.json" > "$work/prefer-$tag.txt" 2>&1
    FFTSCOPE_RADER_PERMUTE=$permute cli "${b[@]}" --precision f64 --sizes 65537 --points 16777216 \
      --json "$work/rader64-$tag.json" > "$work/rader64-$tag.txt" 2>&1
  done
  for rev in 0 1; do
    tag=r$round-rev$rev
    FFTSCOPE_REVERSE_GROUPS=$rev FFTSCOPE_RADER_PERMUTE=1 cli "${b[@]}" --sizes 65536,1048576,16777216,65537,1000003 \
      --points 16777216 --json "$work/rev-$tag.json" > "$work/rev-$tag.txt" 2>&1
  done
  date -u >> "$work/machine.txt"
done
gpu_end
