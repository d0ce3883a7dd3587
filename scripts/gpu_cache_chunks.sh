#!/usr/bin/env bash
# Batches in chunks through the L2 cache again, now that the host clock's enqueues ask for no
# events: `bench` of the cases with more than one pass over a batch, whole and in chunks of 8, 16
# and 32 MiB (FFTSCOPE_CACHE_CHUNK), twice in turn, VkFFT beside in the first round; then
# `--plan measure` of 2^20 x 16 and 1024^2 x 16, which weighs the chunks as candidates. One archive.
#   (there)  timeout 590 bash .gpu/gpu_cache_chunks.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" cache-chunks
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for chunk in 0 8388608 16777216 33554432; do
    peers=()
    [ $round = 1 ] && [ $chunk = 0 ] && peers=(--peers vkfft)
    export FFTSCOPE_CACHE_CHUNK=$chunk
    cli "${b[@]}" "${peers[@]}" --sizes 65536,1048576,1000003 --points 16777216 \
      --json "$work/1d-$chunk-$round.json" > "$work/1d-$chunk-$round.txt" 2>&1
    cli "${b[@]}" "${peers[@]}" --dims 2d --sizes 1024x1024 --batch 16 \
      --json "$work/2d-$chunk-$round.json" > "$work/2d-$chunk-$round.txt" 2>&1
    cli "${b[@]}" --precision f64 --sizes 1048576 --points 16777216 \
      --json "$work/f64-$chunk-$round.json" > "$work/f64-$chunk-$round.txt" 2>&1
    unset FFTSCOPE_CACHE_CHUNK
  done
done
cli plan --device NVIDIA --size 1048576 --batch 16 --plan measure --wisdom "$work/wisdom.json" > "$work/measure-2e20.txt" 2>&1
cli plan --device NVIDIA --size 1024 --rows 1024 --batch 16 --plan measure --wisdom "$work/wisdom.json" \
  > "$work/measure-1024x16.txt" 2>&1
gpu_end
