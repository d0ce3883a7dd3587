#!/usr/bin/env bash
# Register-held passes of 64 values without a declared group size (the build as committed) against
# declared (FFTSCOPE_REQD_GROUP=all), `verify` first, three rounds in turn; 1024-point rows in other
# radix orders; then the power-of-two tables beside VkFFT and clFFT. One archive.
#   (there)  timeout 590 bash .gpu/gpu_reqd_wide.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" reqd-wide
cli verify --device NVIDIA --variant auto --twiddle table --precision f32 --sizes 16384,16384x512,8192,1024 \
  > "$work/verify-f32.txt" 2>&1
b=(bench --device NVIDIA --variants auto)
for round in 1 2 3; do
  for s in "X=1" "FFTSCOPE_REQD_GROUP=all"; do
    tag=${s%%=*}
    cli_with "$s" "${b[@]}" --sizes 16384 --points 16777216 --json "$work/wide-$tag-$round.json" \
      > "$work/wide-$tag-$round.txt" 2>&1
  done
done
orders=("X=1" "FFTSCOPE_INNER_RADICES=8,8,16" "FFTSCOPE_INNER_RADICES=4,16,16" "FFTSCOPE_INNER_RADICES=16,4,16")
for round in 1 2; do
  for i in "${!orders[@]}"; do
    cli_with "${orders[$i]}" "${b[@]}" --sizes 1024 --points 16777216 --json "$work/order-$i-$round.json" \
      > "$work/order-$i-$round.txt" 2>&1
  done
done
[ $SECONDS -lt 330 ] && power_of_two_tables
gpu_end
