#!/usr/bin/env bash
# `verify` of `auto` after the tidy-up that gives the twiddled stores and Bluestein's split one
# stepped-store loop (9af07df): lengths whose passes store the next pass's twiddles, the split's
# 1000003, Rader's 65537 and 2D 4096², in f32 and f64. One archive.
#   (there)  timeout 300 bash .gpu/gpu_store_twiddles_tidy.sh .gpu "$OUT"
set -u
cli_seconds=130
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" store-twiddles-tidy
verify_both 65536,12288,1048576,2097152,1000003,65537,4096x4096
gpu_end
