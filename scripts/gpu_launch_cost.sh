#!/usr/bin/env bash
# What a launch costs the host: `bench` of small and large cases with the binary before and after
# the launches stopped making their label and argument messages unasked and the host-clock loops
# stopped asking each launch for an event (bin/fftscope-cli-before beside bin/fftscope-cli), in
# turn, twice, VkFFT beside; then the planner's switches on the small 2D shapes (1080 x 1920,
# 1000 x 750), each launch's kernel time in the JSON. One archive.
#   (there)  timeout 580 bash .gpu/gpu_launch_cost.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" launch-cost
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for bin in fftscope-cli-before fftscope-cli; do
    small_cases $bin $round
    timeout 100 bash "$pack/run.sh" $bin "${b[@]}" --peers vkfft --sizes 256,1048576 --points 16777216 \
      --json "$work/big-$bin-$round.json" > "$work/big-$bin-$round.txt" 2>&1
  done
done
for s in X=1 FFTSCOPE_ONE_ROUND_GROUP=512 "FFTSCOPE_ONE_ROUND_GROUP=512 FFTSCOPE_COMPOSITE_RADIX=24" \
         FFTSCOPE_COMPOSITE_RADIX=24 FFTSCOPE_COMPOSITE_RADIX=0 FFTSCOPE_MAX_GROUP=1024 FFTSCOPE_MAX_GROUP=512 \
         FFTSCOPE_ROW_ITEM_POINTS=32 FFTSCOPE_ITEM_POINTS=16 FFTSCOPE_ITEM_POINTS=4 FFTSCOPE_REVERSE_GROUPS=0 \
         FFTSCOPE_INNER_PASS_VALUES=0 FFTSCOPE_GROUP_TARGET=256 FFTSCOPE_STAGED_TWIDDLES=0; do
  label=${s// /_}
  cli_with "$s" "${b[@]}" --dims 2d --sizes 1080x1920,1000x750 --batch 1 \
    --json "$work/switch-$label.json" > "$work/switch-$label.txt" 2>&1
done
gpu_end
