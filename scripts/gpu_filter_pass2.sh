#!/usr/bin/env bash
# With the filter read after the first FFT (FFTSCOPE_FILTER_PREFETCH=0: 1000003's row pass at 79
# registers, three groups an SM): the split's twiddles on its column passes, the batch's rows in
# natural order, and the stepped twiddles off, each beside it; 65537 x 256 (Rader's filter pass,
# where reading it early gained) and 2^20 x 16 in the same calls, three rounds in turn. One archive.
#   (there)  timeout 590 bash .gpu/gpu_filter_pass2.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" filter-pass2
for round in 1 2 3; do
  for s in X=1 FFTSCOPE_FILTER_PREFETCH=0 "FFTSCOPE_FILTER_PREFETCH=0 FFTSCOPE_SPLIT_COLUMN_TWIDDLES=1" \
           "FFTSCOPE_FILTER_PREFETCH=0 FFTSCOPE_BATCH_GROUPS=0" "FFTSCOPE_FILTER_PREFETCH=0 FFTSCOPE_INNER_STEPS=0" \
           "FFTSCOPE_FILTER_PREFETCH=0 FFTSCOPE_OUTER_STEPS=0"; do
    label=${s// /_}-$round
    cli_with "$s FFTSCOPE_PRINT_KERNELS=$([ $round = 1 ] && echo 1 || echo 0)" bench \
      --device NVIDIA --variants auto --sizes 1000003,65537,1048576 --points 16777216 --json "$work/$label.json" \
      > "$work/$label.txt" 2> "$work/$label.log"
    grep -E "ptxas|registers|spill|-D POINTS" "$work/$label.log" > "$work/$label.regs" || true
    rm -f "$work/$label.log"
  done
done
gpu_end
