#!/usr/bin/env bash
# Rader's paired permutation and the alternating group order, in the tables of docs/performance.md
# with one binary (f32 beside VkFFT and clFFT, every case verified against FFTW before it is timed),
# `verify` in f32 and f64 first, and the scattering last pass (FFTSCOPE_RADER_PERMUTE=0) and the
# natural group order (FFTSCOPE_REVERSE_GROUPS=0) beside the new defaults. One archive.
#   (there)  timeout 540 bash .gpu/gpu_pairs.sh .gpu "$OUT"; (cd "$OUT" && tar czf pairs.tgz pairs)
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" pairs
verify_both 65537,12289,40961,786433,32401,18433,1000,12288,48000,1000003,1080x1920,3000x4000,4096x4096,1048576
b=(bench --device NVIDIA --variants auto --peers vkfft,clfft)
cli "${b[@]}" --sizes 1000,12288,48000,65537,1000003 --points 16777216 --json "$work/anysize-1d-f32.json" \
  > "$work/anysize-1d-f32.txt" 2>&1
cli "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$work/anysize-2d-f32.json" > "$work/anysize-2d-f32.txt" 2>&1
a=(bench --device NVIDIA --variants auto)
cli "${a[@]}" --sizes 65537,65536,12289,12288,40961,40960,786433,786432,97,96,257,256,641,640 --points 16777216 \
  --json "$work/primes-f32.json" > "$work/primes-f32.txt" 2>&1
for v in FFTSCOPE_RADER_PERMUTE=0 FFTSCOPE_REVERSE_GROUPS=0; do
  env $v bash "$pack/run.sh" fftscope-cli "${a[@]}" --sizes 65537,12289,65536,1000003 --points 16777216 \
    --json "$work/$v.json" > "$work/$v.txt" 2>&1
done
cli "${a[@]}" --precision f64 --sizes 65537,65536,12289,12288 --points 16777216 --json "$work/primes-f64.json" \
  > "$work/primes-f64.txt" 2>&1
power_of_two_tables
gpu_end
