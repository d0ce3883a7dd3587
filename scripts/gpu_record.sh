#!/usr/bin/env bash
# This binary's record (inner twiddles from R/4 + 2 lookups, Bluestein's and Rader's filter in
# registers where the FFTs meet on one radix, one-round groups for steps over lanes): `verify` in
# f32 and f64, the any-size, prime and power-of-two tables beside VkFFT and clFFT, f64 beside
# VkFFT, R2C; then the 2D shapes whose plans the one-round groups change, with them and without
# (FFTSCOPE_ONE_ROUND_GROUP=256), and 1D with and without the inner steps (FFTSCOPE_INNER_STEPS=0).
# One archive.
#   (there)  timeout 580 bash .gpu/gpu_record.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" record
verify_both 1000,12288,48000,97,257,641,65537,1000003,2000003,4096,16384,1048576,16777216,1080x1920,3000x4000,750x1000,4096x4096
anysize_tables
power_of_two_tables
v=(bench --device NVIDIA --variants auto --peers vkfft --precision f64)
cli "${v[@]}" --sizes 256,1024,4096,16384,1048576,16777216,1000,12288,48000,65537,1000003 --points 16777216 \
  --json "$work/f64-1d.json" > "$work/f64-1d.txt" 2>&1
cli "${v[@]}" --dims 2d --sizes 1080x1920,3000x4000,4096x4096 --batch 1 --json "$work/f64-2d.json" > "$work/f64-2d.txt" 2>&1
d=(bench --device NVIDIA --variants auto --dims 2d --batch 1 --sizes 1080x1920,3000x4000,1000x750)
for round in 512 256; do
  FFTSCOPE_ONE_ROUND_GROUP=$round cli "${d[@]}" --peers vkfft --json "$work/round$round-f32.json" > "$work/round$round-f32.txt" 2>&1
  FFTSCOPE_ONE_ROUND_GROUP=$round cli "${d[@]}" --precision f64 --json "$work/round$round-f64.json" > "$work/round$round-f64.txt" 2>&1
done
s=(bench --device NVIDIA --variants auto --sizes 256,4096,16384,1048576,16777216,65537,1000003,48000 --points 16777216)
FFTSCOPE_INNER_STEPS=0 cli "${s[@]}" --json "$work/steps0-f32.json" > "$work/steps0-f32.txt" 2>&1
FFTSCOPE_INNER_STEPS=0 cli "${s[@]}" --precision f64 --json "$work/steps0-f64.json" > "$work/steps0-f64.txt" 2>&1
cli "${s[@]}" --precision f64 --json "$work/steps1-f64.json" > "$work/steps1-f64.txt" 2>&1
gpu_end
