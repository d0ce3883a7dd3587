#!/usr/bin/env bash
# Register-held passes with 32 values a work-item (FFTSCOPE_REGISTER_VALUES=32: half the
# work-items, radix-8 inner passes) against 16, and with 128-byte runs (FFTSCOPE_HELD_RUN_BYTES=128),
# on the cases whose plans that changes: 16384 and 8192-point rows, 2^20 x 16, 2D 1024² x 16 and
# 8192², f32 and f64, two rounds in turn; `verify` of those plans first. One archive.
#   (there)  timeout 590 bash .gpu/gpu_register_values.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" register-values
FFTSCOPE_REGISTER_VALUES=32 verify_both 16384,8192,1048576,4096,1024x1024,8192x8192 verify32
settings=("X=1" "FFTSCOPE_REGISTER_VALUES=32" "FFTSCOPE_REGISTER_VALUES=32 FFTSCOPE_HELD_RUN_BYTES=128")
for round in 1 2; do
  for i in 0 1 2; do
    s=${settings[$i]}
    cli_with "$s" bench --device NVIDIA --variants auto --sizes 16384,8192,1048576 --points 16777216 \
      --json "$work/1d-s$i-$round.json" > "$work/1d-s$i-$round.txt" 2>&1
    cli_with "$s" bench --device NVIDIA --variants auto --dims 2d --sizes 1024x1024 --batch 16 \
      --json "$work/2d16-s$i-$round.json" > "$work/2d16-s$i-$round.txt" 2>&1
    cli_with "$s" bench --device NVIDIA --variants auto --dims 2d --sizes 8192x8192 --batch 1 \
      --json "$work/2d-s$i-$round.json" > "$work/2d-s$i-$round.txt" 2>&1
    cli_with "$s" bench --device NVIDIA --variants auto --precision f64 --sizes 8192,4096,1048576 --points 16777216 \
      --json "$work/1d64-s$i-$round.json" > "$work/1d64-s$i-$round.txt" 2>&1
  done
done
for i in 0 1; do  # the driver's registers for each kernel, into *.regs
  cli_with "${settings[$i]} FFTSCOPE_PRINT_KERNELS=1" bench --device NVIDIA --variants auto --sizes 16384,8192,1048576 \
    --points 16777216 > "$work/regs-s$i.txt" 2> "$work/regs-s$i.log"
  grep -E "ptxas|registers|spill|-D POINTS" "$work/regs-s$i.log" > "$work/regs-s$i.regs" || true
  rm -f "$work/regs-s$i.log"
done
cli bench --device NVIDIA --variants auto --peers vkfft --sizes 16384,1048576 --points 16777216 > "$work/peers.txt" 2>&1
gpu_end
