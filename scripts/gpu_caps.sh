#!/usr/bin/env bash
# Register caps that take: grouped kernels built without their declared group size
# (FFTSCOPE_REQD_GROUP=0), whose launch bound NVIDIA's compiler lets override a cap, with every
# pass capped at 64, 80 or 96 registers (FFTSCOPE_CAP_EVERY_PASS=1, FFTSCOPE_REGISTER_CAP), beside
# the plain build first and last: `bench` of the cases whose passes hold more than 64 registers,
# each launch's kernel time in the JSON, and the driver's word on each kernel's registers. One archive.
#   (there)  timeout 590 bash .gpu/gpu_caps.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" caps
for s in X=1 FFTSCOPE_REQD_GROUP=0 "FFTSCOPE_REQD_GROUP=0 FFTSCOPE_CAP_EVERY_PASS=1 FFTSCOPE_REGISTER_CAP=64" \
         "FFTSCOPE_REQD_GROUP=0 FFTSCOPE_CAP_EVERY_PASS=1 FFTSCOPE_REGISTER_CAP=80" \
         "FFTSCOPE_REQD_GROUP=0 FFTSCOPE_CAP_EVERY_PASS=1 FFTSCOPE_REGISTER_CAP=96" X=2; do
  label=${s// /_}
  run() { cli_with "$s FFTSCOPE_PRINT_KERNELS=1" bench --device NVIDIA --variants auto "$@"; }
  run --sizes 1000003,1048576,16384,65536,16777216 --points 16777216 --json "$work/1d-$label.json" \
    > "$work/1d-$label.txt" 2> "$work/1d-$label.log"
  run --dims 2d --sizes 1080x1920,3000x4000,1000x750,4096x4096 --batch 1 --json "$work/2d-$label.json" \
    > "$work/2d-$label.txt" 2> "$work/2d-$label.log"
  for part in 1d 2d; do
    grep -E "ptxas info    : Used|^// ---- kernels/grouped" "$work/$part-$label.log" | sed 's/ -D TWO1.*maxrregcount/ ... maxrregcount/' \
      > "$work/$part-$label.regs" || true
    rm -f "$work/$part-$label.log"
  done
done
gpu_end
