#!/usr/bin/env bash
# Grouped steps whose twos leave a 2 after their 16s, as 8 * 8 * 8 or 8 * 4 instead of 16 * 16 * 2
# or 16 * 2, on the GPU: the changed plans verified against FFTW in f32 and f64, then timed with it
# on and off (FFTSCOPE_EIGHT_FOUR=0), each launch's time in the JSON; VkFFT beside the sizes of the
# any-size table it changes. Everything goes back as one archive.
#   (there)  bash .gpu/gpu_eightfour.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" eightfour
verify_both 32,96,160,512,4000,12288,3000x4000,512x512,7x4000
for mode in 1 0; do
  for p in f32 f64; do
    FFTSCOPE_EIGHT_FOUR=$mode cli bench --device NVIDIA --variants auto --precision $p --sizes 32,96,160,512,4000,12288 \
      --points 16777216 --json "$work/1d-$mode-$p.json" > "$work/1d-$mode-$p.txt" 2>&1
    FFTSCOPE_EIGHT_FOUR=$mode cli bench --device NVIDIA --variants auto --precision $p --dims 2d --sizes 3000x4000 \
      --batch 1 --json "$work/2d-$mode-$p.json" > "$work/2d-$mode-$p.txt" 2>&1
  done
done
cli bench --device NVIDIA --variants auto --peers vkfft --sizes 12288 --points 16777216 --json "$work/peers-1d.json" \
  > "$work/peers-1d.txt" 2>&1
cli bench --device NVIDIA --variants auto --peers vkfft --dims 2d --sizes 3000x4000 --batch 1 --json "$work/peers-2d.json" \
  > "$work/peers-2d.txt" 2>&1
gpu_end
