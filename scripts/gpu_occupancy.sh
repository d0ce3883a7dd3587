#!/usr/bin/env bash
# The binary's kernels (inner twiddles from R/4 + 2 lookups, Bluestein's filter in registers with
# its radices reordered): `verify`, 1000003 and 65537 in f32 and f64 beside VkFFT; then 2D
# 1080 x 1920 with larger groups (FFTSCOPE_MAX_GROUP) and every pass's registers capped, each with
# the registers and spills the driver reports. One archive.
#   (there)  timeout 560 bash .gpu/gpu_occupancy.sh .gpu "$OUT"
set -u
cli_seconds=110
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" occupancy
verify_both 4096,16384,1048576,16777216,1000003,2000003,65537,641,1000,1920,48000,1080x1920,4096x4096,3000x4000 verify
for p in f32 f64; do
  cli bench --device NVIDIA --variants auto --peers vkfft --points 16777216 --precision $p --sizes 1000003,65537,1048576 \
    --json "$work/prime-$p.json" > "$work/prime-$p.txt" 2>&1
done
d=(bench --device NVIDIA --variants auto --dims 2d --sizes 1080x1920 --batch 1)
registers() { grep -o "POINTS=[0-9]* -D LANES=[0-9]* -D GROUP=[0-9]*\|Used [0-9]* registers\|[0-9]* bytes spill stores\|^auto .*" ; }
for group in 256 512; do
  for cap in none 32 40 48 56; do
    if [ $cap = none ]; then e=(FFTSCOPE_MAX_GROUP=$group); else e=(FFTSCOPE_MAX_GROUP=$group FFTSCOPE_CAP_EVERY_PASS=1 FFTSCOPE_REGISTER_CAP=$cap); fi
    env "${e[@]}" FFTSCOPE_PRINT_KERNELS=1 timeout 110 bash "$pack/run.sh" fftscope-cli "${d[@]}" --json "$work/2d-g$group-c$cap.json" 2>&1 \
      | registers > "$work/2d-g$group-c$cap.txt"
  done
done
cli "${d[@]}" --peers vkfft --json "$work/2d-default.json" > "$work/2d-default.txt" 2>&1
gpu_end
