#!/usr/bin/env bash
# What a launch costs the host, as committed: the binary before this work
# (bin/fftscope-cli-before) and now (bin/fftscope-cli: labels and argument messages made only on
# failure, no events in the host-clock loops), in turn, three times, on small and middle cases,
# VkFFT beside; then the any-size and power-of-two tables (f32, VkFFT and clFFT beside) and the
# power-of-two table in f64 (VkFFT beside) with the binary as committed. One archive.
#   (there)  timeout 590 bash .gpu/gpu_launch_cost2.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" launch-cost2
for round in 1 2 3; do
  for bin in fftscope-cli-before fftscope-cli; do small_cases $bin $round; done
done
anysize_tables
power_of_two_tables
f64=(bench --device NVIDIA --variants auto --peers vkfft --precision f64)
cli "${f64[@]}" --sizes 256,1024,4096,16384,65536,1048576,16777216 --points 16777216 --json "$work/table-1d-f64.json" \
  > "$work/table-1d-f64.txt" 2>&1
cli "${f64[@]}" --dims 2d --sizes 1024x1024 --batch 16 --json "$work/table-2d-1024x16-f64.json" > "$work/table-2d-1024x16-f64.txt" 2>&1
cli "${f64[@]}" --dims 2d --sizes 4096x4096,8192x8192,1080x1920,3000x4000 --batch 1 --json "$work/table-2d-f64.json" \
  > "$work/table-2d-f64.txt" 2>&1
gpu_end
