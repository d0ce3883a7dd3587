#!/usr/bin/env bash
# The build as committed after review: `verify` of auto in f32 and f64 over the any-size shapes,
# the primes whose plans the costs' fix keeps, and the sizes with register-held passes. One archive.
#   (there)  timeout 300 bash .gpu/gpu_values_verify.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" values-verify
verify_both 16384,8192,4096,4159,4357,5281,2053,1000,12288,48000,65537,1000003,1048576,1080x1920,4096x4096 verify
gpu_end
