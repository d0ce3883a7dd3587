#!/usr/bin/env bash
# Where the time of the cases still behind VkFFT goes (docs/performance.md), with knobs only, no
# new code: the columns of a half spectrum at an unaligned pitch (4096 x 2049) against aligned ones
# (4096 x 2048, 4096 x 2064), R2C's untangling fused or in its own kernel, and the work-group
# shapes of 2D 1080 x 1920 and 3000 x 4000. Everything goes back as one archive.
#   (there)  bash .gpu/gpu_probe.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" probe
b=(bench --device NVIDIA --variants auto)
cli "${b[@]}" --dims 2d --sizes 4096x2048,4096x2049,4096x2064 --batch 1 --json "$work/pitch.json" > "$work/pitch.txt" 2>&1
cli "${b[@]}" --sizes 2048,2049,2064 --batch 4096 --json "$work/rows.json" > "$work/rows.txt" 2>&1
cli bench-real --device NVIDIA --size 4096x4096 > "$work/real-fused.txt" 2>&1
FFTSCOPE_FUSED_UNTANGLE=0 cli bench-real --device NVIDIA --size 4096x4096 > "$work/real-unfused.txt" 2>&1
cli bench-real --device NVIDIA --size 4096 --batch 4096 > "$work/real-1d.txt" 2>&1
echo "real: $(date -u)" >> "$work/steps.txt"
shapes=(--dims 2d --sizes 1080x1920,3000x4000 --batch 1)
cli "${b[@]}" "${shapes[@]}" --json "$work/shapes-default.json" > "$work/shapes-default.txt" 2>&1
for e in FFTSCOPE_MAX_GROUP=512 FFTSCOPE_ROW_ITEM_POINTS=4 FFTSCOPE_ROW_ITEM_POINTS=16 FFTSCOPE_GROUP_TARGET=256 \
         FFTSCOPE_ITEM_POINTS=4 FFTSCOPE_EIGHT_FOUR=0 FFTSCOPE_LATER_LANES=4 FFTSCOPE_RUN_BYTES=64; do
  env $e bash "$pack/run.sh" fftscope-cli plan --device NVIDIA --size 1920 --rows 1080 > "$work/plan-$e.txt" 2>&1
  env $e bash "$pack/run.sh" fftscope-cli plan --device NVIDIA --size 4000 --rows 3000 >> "$work/plan-$e.txt" 2>&1
  env $e timeout 120 bash "$pack/run.sh" fftscope-cli "${b[@]}" "${shapes[@]}" --json "$work/shapes-$e.json" > "$work/shapes-$e.txt" 2>&1
done
echo "shapes: $(date -u)" >> "$work/steps.txt"
gpu_end
