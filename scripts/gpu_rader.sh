#!/usr/bin/env bash
# Rader's algorithm on the GPU (docs/performance.md): the plans, every Rader size verified against
# FFTW in f32 and f64 (as `auto` plans it, and with FFTSCOPE_RADER=prefer wherever it applies), then
# timed beside VkFFT and clFFT as `auto` plans them, with Rader's wherever it applies (=prefer),
# with Bluestein's alone (=0), and against the power of two next to it; then the any-size table
# of docs/performance.md again. Everything goes back as one archive.
#   (here)   pack as gpu_all.sh says
#   (there)  bash .gpu/gpu_rader.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" rader
cli devices > "$work/devices.txt" 2>&1
for n in 65537 641 257 97 12289 1000003; do cli plan --device NVIDIA --size $n --batch $((16777216 / n)); done > "$work/plans.txt" 2>&1
for mode in prefer auto; do
  FFTSCOPE_RADER=$mode verify_both 37,257,97,641,12289,65537,7x65537,257x97,97x257 verify-$mode
done
echo "verify: $(date -u)" >> "$work/steps.txt"
for p in f32 f64; do
  cli bench --device NVIDIA --variants auto --peers vkfft,clfft --points 16777216 --precision $p \
    --sizes 65537,65536,641,640,257,256,97,96 --json "$work/rader-$p.json" > "$work/rader-$p.txt" 2>&1
  for mode in prefer 0; do
    FFTSCOPE_RADER=$mode cli bench --device NVIDIA --variants auto --points 16777216 --precision $p \
      --sizes 65537,641,257,97 --json "$work/rader$mode-$p.json" > "$work/rader$mode-$p.txt" 2>&1
  done
  echo "bench $p: $(date -u)" >> "$work/steps.txt"
done
b=(bench --device NVIDIA --variants auto --peers vkfft,clfft)
cli "${b[@]}" --sizes 1000,12288,48000,65537,1000003 --points 16777216 --json "$work/anysize-1d-f32.json" \
  > "$work/anysize-1d-f32.txt" 2>&1
cli "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$work/anysize-2d-f32.json" > "$work/anysize-2d-f32.txt" 2>&1
echo "anysize: $(date -u)" >> "$work/steps.txt"
gpu_end
