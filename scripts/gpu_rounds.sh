#!/usr/bin/env bash
# Passes after others with an odd radix in the group of fewest rounds, on the GPU: the changed
# plans verified against FFTW in f32 and f64, then timed with it on and off
# (FFTSCOPE_FEWEST_ROUNDS=0), each launch's time in the JSON, and the any-size table beside the
# peers. Everything goes back as one archive.
#   (there)  bash .gpu/gpu_rounds.sh .gpu "$OUT"
set -u
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" rounds
verify_both 12288,48000,3000x4000,1080x1920,2x3000,14000,5x6000
for mode in 1 0; do
  export FFTSCOPE_FEWEST_ROUNDS=$mode
  for p in f32 f64; do
    cli bench --device NVIDIA --variants auto --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --precision $p \
      --json "$work/2d-$mode-$p.json" > "$work/2d-$mode-$p.txt" 2>&1
    cli bench --device NVIDIA --variants auto --sizes 12288,48000 --points 16777216 --precision $p \
      --json "$work/1d-$mode-$p.json" > "$work/1d-$mode-$p.txt" 2>&1
  done
done
unset FFTSCOPE_FEWEST_ROUNDS
b=(bench --device NVIDIA --variants auto --peers vkfft,clfft)
cli "${b[@]}" --sizes 1000,12288,48000 --points 16777216 --json "$work/anysize-1d-f32.json" > "$work/anysize-1d-f32.txt" 2>&1
cli "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$work/anysize-2d-f32.json" > "$work/anysize-2d-f32.txt" 2>&1
cli bench --device NVIDIA --variants auto --peers vkfft --sizes 1000,12288,48000,65537,1000003 --points 16777216 \
  --precision f64 --json "$work/anysize-1d-f64.json" > "$work/anysize-1d-f64.txt" 2>&1
cli bench --device NVIDIA --variants auto --peers vkfft --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --precision f64 \
  --json "$work/anysize-2d-f64.json" > "$work/anysize-2d-f64.txt" 2>&1
gpu_end
