#!/usr/bin/env bash
# Bluestein's and Rader's filter read during the first FFT's last exchange (the binary's kernels,
# A) against reading it after that FFT (.gpu/kv/P0): `verify`, then 1000003 x 16 and 65537 x 255
# in f32 and f64 with each, twice, 2^20 x 16 beside them, and the row pass's registers. One archive.
#   (there)  timeout 400 bash .gpu/gpu_prefetch.sh .gpu "$OUT"
set -u
cli_seconds=60
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" prefetch
verify_both 1000003,2000003,65537,4099,641 verify-A
for round in 1 2; do
  for v in A P0; do
    for p in f32 f64; do
      FFTSCOPE_KERNEL_DIR=$(kernels_of $v) cli bench --device NVIDIA --variants auto --points 16777216 --precision $p \
        --sizes 1000003,65537,1048576 --json "$work/$v-$p-$round.json" > "$work/$v-$p-$round.txt" 2>&1
    done
  done
done
for v in A P0; do
  FFTSCOPE_KERNEL_DIR=$(kernels_of $v) FFTSCOPE_PRINT_KERNELS=1 timeout 60 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA \
    --variants auto --points 16777216 --sizes 1000003 2>&1 | grep -o "POINTS=[0-9]* -D LANES=[0-9]*\|Used [0-9]* registers\|[0-9]* bytes spill stores" \
    > "$work/registers-$v.txt"
done
gpu_end
