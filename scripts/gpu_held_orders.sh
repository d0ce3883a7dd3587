#!/usr/bin/env bash
# 1024-point register-held steps in other radix orders (FFTSCOPE_INNER_RADICES, 32 values a
# work-item where 16 do not hold the order): 2^20 x 16 (both passes) and 2D 1024² x 16 (the named
# order reaches the row pass too), two rounds in turn. One archive.
#   (there)  timeout 400 bash .gpu/gpu_held_orders.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" held-orders
b=(bench --device NVIDIA --variants auto)
orders=("X=1" "FFTSCOPE_INNER_RADICES=16,16,4" "FFTSCOPE_INNER_RADICES=4,16,16" "FFTSCOPE_INNER_RADICES=16,4,16"
        "FFTSCOPE_INNER_RADICES=8,16,8" "FFTSCOPE_INNER_RADICES=16,8,8" "FFTSCOPE_INNER_RADICES=4,4,4,16")
for round in 1 2; do
  for i in "${!orders[@]}"; do
    [ $SECONDS -gt 330 ] && break
    cli_with "${orders[$i]}" "${b[@]}" --sizes 1048576 --batch 16 --json "$work/1d-o$i-$round.json" \
      > "$work/1d-o$i-$round.txt" 2>&1
    cli_with "${orders[$i]}" "${b[@]}" --dims 2d --sizes 1024x1024 --batch 16 --json "$work/2d-o$i-$round.json" \
      > "$work/2d-o$i-$round.txt" 2>&1
  done
done
gpu_end
