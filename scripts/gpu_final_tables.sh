#!/usr/bin/env bash
# `verify` of the any-size shapes (1000003 among them) and of 2^16, 2^20 and 2^24 in f32 and f64, the any-size, prime
# and power-of-two tables (f32, beside VkFFT and clFFT) and the any-size 1D table in f64 beside
# VkFFT, every case checked against FFTW before it is timed. One archive.
#   (there)  timeout 590 bash .gpu/gpu_final_tables.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" final-tables
verify_both 1000,12288,48000,97,257,641,65537,1000003,65536,1048576,16777216,1080x1920,3000x4000,512x512
anysize_tables
power_of_two_tables
cli bench --device NVIDIA --variants auto --peers vkfft --precision f64 --sizes 1000,12288,48000,65537,1000003,1048576 \
  --points 16777216 --json "$work/anysize-1d-f64.json" > "$work/anysize-1d-f64.txt" 2>&1
gpu_end
