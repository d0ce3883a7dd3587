#!/usr/bin/env bash
# What a launch costs the host, second step: the binary before this work
# (bin/fftscope-cli-before), after its first step (labels and argument messages made only on
# failure, one event a run in the host-clock loops: bin/fftscope-cli-step1) and now (no event there,
# arguments set only when a run's buffers differ from the last: bin/fftscope-cli), in turn, three
# times, VkFFT beside; then the any-size and power-of-two tables with the final binary. One archive.
#   (there)  timeout 590 bash .gpu/gpu_launch_cost2.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" launch-cost2
b=(bench --device NVIDIA --variants auto)
for round in 1 2 3; do
  for bin in fftscope-cli-before fftscope-cli-step1 fftscope-cli; do
    run() { timeout 100 bash "$pack/run.sh" $bin "${b[@]}" --peers vkfft "$@"; }
    run --dims 2d --sizes 1000x750,1080x1920,256x256,512x512 --batch 1 --json "$work/2d-$bin-$round.json" \
      > "$work/2d-$bin-$round.txt" 2>&1
    run --sizes 1024,4096,65536,1000 --batch 1 --json "$work/1d-$bin-$round.json" > "$work/1d-$bin-$round.txt" 2>&1
    run --sizes 1024,1000,16384 --batch 16 --json "$work/1d16-$bin-$round.json" > "$work/1d16-$bin-$round.txt" 2>&1
  done
done
anysize_tables
power_of_two_tables
gpu_end
