#!/usr/bin/env bash
# The any-size, prime and power-of-two tables of docs/performance.md again with one binary (f32,
# beside VkFFT and clFFT), every case verified against FFTW before it is timed, and `verify` of the
# any-size shapes in f32 and f64 first. Everything goes back as one archive.
#   (there)  bash .gpu/gpu_tables.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" tables
verify_both 1000,12288,48000,97,257,641,65537,1080x1920,3000x4000,512x512
anysize_tables
power_of_two_tables
gpu_end
