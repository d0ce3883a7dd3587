#!/usr/bin/env bash
# Bluestein's padded rows split into columns and rows (core/engine/planning/SplitBluestein.h) on the GPU:
# `verify` of the split in f32 and f64 where the estimate takes it and where it is asked for, then
# 1000003 x 16 split against Stockham steps of M (FFTSCOPE_SPLIT_BLUESTEIN=0) beside VkFFT and
# clFFT, the column step's lanes, f64, and other primes split. One archive.
#   (there)  timeout 540 bash .gpu/gpu_split.sh .gpu "$OUT"
set -u
cli_seconds=110
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" split
verify_both 1000003,524309,2000003,2053,4099 verify
FFTSCOPE_SPLIT_BLUESTEIN=prefer FFTSCOPE_RADER=0 verify_both 4099,2053,65537,7x2053,131101 prefer
b=(bench --device NVIDIA --variants auto --points 16777216)
cli "${b[@]}" --peers vkfft,clfft --sizes 1000003,1048576 --json "$work/split-f32.json" > "$work/split-f32.txt" 2>&1
FFTSCOPE_SPLIT_BLUESTEIN=0 cli "${b[@]}" --sizes 1000003 --json "$work/steps-f32.json" > "$work/steps-f32.txt" 2>&1
FFTSCOPE_RUN_BYTES=64 cli "${b[@]}" --sizes 1000003 --json "$work/run64-f32.json" > "$work/run64-f32.txt" 2>&1
FFTSCOPE_MAX_GROUP=1024 FFTSCOPE_HELD_RUN_BYTES=256 cli "${b[@]}" --sizes 1000003 --json "$work/held256-f32.json" > "$work/held256-f32.txt" 2>&1
cli "${b[@]}" --precision f64 --peers vkfft --sizes 1000003 --json "$work/split-f64.json" > "$work/split-f64.txt" 2>&1
FFTSCOPE_SPLIT_BLUESTEIN=0 cli "${b[@]}" --precision f64 --sizes 1000003 --json "$work/steps-f64.json" > "$work/steps-f64.txt" 2>&1
cli "${b[@]}" --peers vkfft --sizes 524309,1048583,2000003 --json "$work/primes-f32.json" > "$work/primes-f32.txt" 2>&1
FFTSCOPE_SPLIT_BLUESTEIN=0 cli "${b[@]}" --sizes 524309,1048583,2000003 --json "$work/primes-steps-f32.json" > "$work/primes-steps-f32.txt" 2>&1
for e in X=1 FFTSCOPE_SPLIT_BLUESTEIN=0 FFTSCOPE_RUN_BYTES=64; do
  env $e bash "$pack/run.sh" fftscope-cli plan --device NVIDIA --size 1000003 --batch 16 >> "$work/plans.txt" 2>&1
done
gpu_end
