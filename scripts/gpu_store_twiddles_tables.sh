#!/usr/bin/env bash
# The peer tables with the build as committed (9e27cf1): the power-of-two table in f32 beside VkFFT
# and clFFT with R2C/C2R 4096², and in f64 beside VkFFT. One archive.
#   (there)  timeout 400 bash .gpu/gpu_store_twiddles_tables.sh .gpu "$OUT"
set -u
cli_seconds=150
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" store-twiddles-tables
power_of_two_tables
f64_power_of_two_tables
gpu_end
