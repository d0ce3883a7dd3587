#!/usr/bin/env bash
# More groups an SM by register caps that reach the compiler (FFTSCOPE_REQD_GROUP=0, whose declared
# group size overrode every cap before): 1024 x 16384 with every pass capped, 2^20 x 16 and
# 2D 1024² x 16 with their register-held passes capped, two rounds in turn, and the driver's
# registers and spills for each cap into *.regs. One archive.
#   (there)  timeout 590 bash .gpu/gpu_occupancy_caps.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" occupancy-caps
b=(bench --device NVIDIA --variants auto)
caps=("X=1" "FFTSCOPE_REQD_GROUP=0 FFTSCOPE_CAP_EVERY_PASS=1 FFTSCOPE_REGISTER_CAP=56"
      "FFTSCOPE_REQD_GROUP=0 FFTSCOPE_CAP_EVERY_PASS=1 FFTSCOPE_REGISTER_CAP=48"
      "FFTSCOPE_REQD_GROUP=0 FFTSCOPE_CAP_EVERY_PASS=1 FFTSCOPE_REGISTER_CAP=40")
for round in 1 2; do
  for i in "${!caps[@]}"; do
    [ $SECONDS -gt 420 ] && break
    cli_with "${caps[$i]}" "${b[@]}" --sizes 1024,1048576 --points 16777216 --json "$work/1d-c$i-$round.json" \
      > "$work/1d-c$i-$round.txt" 2>&1
    cli_with "${caps[$i]}" "${b[@]}" --dims 2d --sizes 1024x1024 --batch 16 --json "$work/2d-c$i-$round.json" \
      > "$work/2d-c$i-$round.txt" 2>&1
  done
done
for i in "${!caps[@]}"; do
  [ $SECONDS -gt 520 ] && break
  cli_with "${caps[$i]} FFTSCOPE_PRINT_KERNELS=1" "${b[@]}" --sizes 1024,1048576 --points 16777216 \
    > /dev/null 2> "$work/log-c$i.txt"
  grep -E "ptxas info    : Used|spill|-D POINTS" "$work/log-c$i.txt" | cut -c1-400 > "$work/c$i.regs" || true
  rm -f "$work/log-c$i.txt"
done
gpu_end
