#!/usr/bin/env bash
# 1000003 x 16 (Bluestein's split, three launches) under the planner's and kernels' switches, to
# find where its 3.2x the time a point of 2^20 x 16 takes might go: `bench` of 1000003 and 2^20,
# each switch alone, each launch's kernel time in the JSON; the plain build first and last. One
# archive.
#   (there)  timeout 590 bash .gpu/gpu_prime_switches.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" prime-switches
for s in X=1 FFTSCOPE_REVERSE_GROUPS=0 FFTSCOPE_STAGED_TWIDDLES=0 FFTSCOPE_HELD_RUN_BYTES=64 FFTSCOPE_HELD_RUN_BYTES=256 \
         FFTSCOPE_OUTER_STEPS=0 FFTSCOPE_INNER_STEPS=0 "FFTSCOPE_CAP_EVERY_PASS=1 FFTSCOPE_REGISTER_CAP=64" \
         "FFTSCOPE_CAP_EVERY_PASS=1 FFTSCOPE_REGISTER_CAP=80" FFTSCOPE_REGISTER_CAP=96 FFTSCOPE_REGISTER_CAP=0 \
         FFTSCOPE_ITEM_POINTS=8 FFTSCOPE_MAX_GROUP=512 X=2; do
  label=${s// /_}
  cli_with "$s FFTSCOPE_PRINT_KERNELS=1" bench --device NVIDIA --variants auto \
    --sizes 1000003,1048576 --points 16777216 --json "$work/s-$label.json" > "$work/s-$label.txt" 2> "$work/s-$label.log"
  # Only the driver's word on each kernel's registers and spills, and the kernels' build options.
  grep -E "ptxas|registers|spill|Compiling|^// ---- |-D POINTS" "$work/s-$label.log" > "$work/s-$label.regs" || true
  rm -f "$work/s-$label.log"
done
gpu_end
