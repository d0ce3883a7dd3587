#!/usr/bin/env bash
# 16384-point f32 rows held as 64 values a work-item (FFTSCOPE_REGISTER_VALUES=64: 256 work-items,
# 16 16 16 4, three exchanges) against 32 (8 8 8 8 4, four), `verify` first, two rounds in turn,
# the driver's registers into *.regs. One archive.
#   (there)  timeout 400 bash .gpu/gpu_held_64.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" held-64
FFTSCOPE_REGISTER_VALUES=64 cli verify --device NVIDIA --variant auto --twiddle table --precision f32 --sizes 16384,8192 \
  > "$work/verify64-f32.txt" 2>&1
settings=("X=1" "FFTSCOPE_REGISTER_VALUES=64" "FFTSCOPE_REGISTER_VALUES=64 FFTSCOPE_INNER_RADICES=16,16,8,8"
          "FFTSCOPE_REGISTER_VALUES=64 FFTSCOPE_INNER_STEPS=0")
for round in 1 2; do
  for i in 0 1 2 3; do
    cli_with "${settings[$i]}" bench --device NVIDIA --variants auto --sizes 16384,8192 --points 16777216 \
      --json "$work/s$i-$round.json" > "$work/s$i-$round.txt" 2>&1
  done
done
cli_with "FFTSCOPE_REGISTER_VALUES=64 FFTSCOPE_PRINT_KERNELS=1" bench --device NVIDIA --variants auto --sizes 16384 \
  --points 16777216 > "$work/regs64.txt" 2> "$work/regs64.log"
grep -E "ptxas|registers|spill|-D POINTS" "$work/regs64.log" > "$work/regs64.regs" || true
rm -f "$work/regs64.log"
gpu_end
