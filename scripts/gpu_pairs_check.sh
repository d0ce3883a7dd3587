#!/usr/bin/env bash
# The final build's Rader stages on the GPU: `verify` in f32 and f64 of the primes whose plans
# permute (paired and not) or scatter, then 65537 and 12289 timed once more. One archive.
#   (there)  timeout 300 bash .gpu/gpu_pairs_check.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" pairs-check
verify_both 65537,12289,40961,786433,257,97,5x12289,12289x5
FFTSCOPE_RADER=prefer verify_both 32401,1459 prefer
cli bench --device NVIDIA --variants auto --sizes 65537,65536,12289,12288 --points 16777216 \
  --json "$work/primes-f32.json" > "$work/primes-f32.txt" 2>&1
gpu_end
