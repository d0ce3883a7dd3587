#!/usr/bin/env bash
# 1000003 x 16's row pass (both FFTs and the filter, 104 registers, two groups an SM): the filter
# read after the first FFT instead of during its last exchange (FFTSCOPE_FILTER_PREFETCH=0), a
# register cap on that pass alone (FFTSCOPE_FILTER_PASS_CAP) for three groups an SM, and 64-byte
# runs on the column passes (FFTSCOPE_RUN_BYTES=64); 2^20 x 16 beside it, three rounds in turn.
# Each kernel's registers from the driver's build log go into *.regs. One archive.
#   (there)  timeout 590 bash .gpu/gpu_filter_pass.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" filter-pass
for round in 1 2 3; do
  for s in X=1 FFTSCOPE_FILTER_PREFETCH=0 FFTSCOPE_FILTER_PASS_CAP=80 "FFTSCOPE_FILTER_PREFETCH=0 FFTSCOPE_FILTER_PASS_CAP=80" \
           "FFTSCOPE_FILTER_PREFETCH=0 FFTSCOPE_FILTER_PASS_CAP=72" FFTSCOPE_RUN_BYTES=64; do
    label=${s// /_}-$round
    cli_with "$s FFTSCOPE_PRINT_KERNELS=$([ $round = 1 ] && echo 1 || echo 0)" bench \
      --device NVIDIA --variants auto --sizes 1000003,1048576 --points 16777216 --json "$work/$label.json" \
      > "$work/$label.txt" 2> "$work/$label.log"
    grep -E "ptxas|registers|spill|-D POINTS" "$work/$label.log" > "$work/$label.regs" || true
    rm -f "$work/$label.log"
  done
done
for s in X=1 FFTSCOPE_FILTER_PASS_CAP=96 FFTSCOPE_FILTER_PASS_CAP=128; do
  cli_with "$s" bench --device NVIDIA --variants auto --precision f64 \
    --sizes 1000003 --points 16777216 --json "$work/f64-${s// /_}.json" > "$work/f64-${s// /_}.txt" 2>&1
done
gpu_end
