#!/usr/bin/env bash
# Whole rows with odd radices at 8 points a work-item, and Rader's for rows one pass holds, on the
# GPU (docs/performance.md): the changed plans verified against FFTW in f32 and f64, the any-size
# and prime tables beside VkFFT and clFFT, the power-of-two table to see that nothing else moved,
# and Bluestein's 1000003 over other convolution lengths. Everything goes back as one archive.
#   (here)   pack as gpu_all.sh says
#   (there)  bash .gpu/gpu_rows.sh .gpu "$OUT"
set -u
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" rows
cli devices > "$work/devices.txt" 2>&1
for s in "--size 1920 --rows 1080" "--size 4000 --rows 3000" "--size 1000 --batch 16777" "--size 97 --batch 172960" \
         "--size 641 --batch 26173" "--size 4096 --rows 4096 --real"; do cli plan --device NVIDIA $s; done > "$work/plans.txt" 2>&1
verify_both 1000,1080,1920,4000,97,257,641,37,12288,48000,1080x1920,3000x4000,7x1920
echo "verify: $(date -u)" >> "$work/steps.txt"
b=(bench --device NVIDIA --variants auto --peers vkfft,clfft)
cli "${b[@]}" --sizes 1000,1080,1920,4000,12288,48000,65537,1000003 --points 16777216 --json "$work/anysize-1d-f32.json" \
  > "$work/anysize-1d-f32.txt" 2>&1
cli "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$work/anysize-2d-f32.json" > "$work/anysize-2d-f32.txt" 2>&1
for p in f32 f64; do
  cli "${b[@]}" --sizes 97,96,257,256,641,640,65537,65536 --points 16777216 --precision $p --json "$work/primes-$p.json" \
    > "$work/primes-$p.txt" 2>&1
done
echo "anysize: $(date -u)" >> "$work/steps.txt"
for s in 4096x4096 1080x1920; do cli bench-real --device NVIDIA --peers vkfft --size $s; done > "$work/real-2d.txt" 2>&1
for m in 2073600 2048000; do
  FFTSCOPE_BLUESTEIN_M=$m cli bench --device NVIDIA --variants auto --sizes 1000003 --points 16777216 \
    --json "$work/bluestein-m$m.json" > "$work/bluestein-m$m.txt" 2>&1
done
FFTSCOPE_REGISTER_PASSES=prefer cli bench --device NVIDIA --variants auto --sizes 1000003 --points 16777216 \
  --json "$work/bluestein-registers.json" > "$work/bluestein-registers.txt" 2>&1
echo "bluestein: $(date -u)" >> "$work/steps.txt"
cli "${b[@]}" --sizes 256,1024,4096,16384,65536,1048576,16777216 --points 16777216 --json "$work/table-1d-f32.json" \
  > "$work/table-1d-f32.txt" 2>&1
cli "${b[@]}" --dims 2d --sizes 1024x1024 --batch 16 --json "$work/table-2d-1024x16-f32.json" > "$work/table-2d-1024x16-f32.txt" 2>&1
cli "${b[@]}" --dims 2d --sizes 4096x4096,8192x8192 --batch 1 --json "$work/table-2d-f32.json" > "$work/table-2d-f32.txt" 2>&1
echo "table: $(date -u)" >> "$work/steps.txt"
gpu_end
