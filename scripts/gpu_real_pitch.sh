#!/usr/bin/env bash
# R2C and C2R with the half spectrum's rows padded to whole runs between their passes, and the
# staged loads of C2R's bins and Rader's rows all in flight at once (docs/performance.md), beside
# VkFFT and clFFT, each checked against FFTW before it is timed; then the same binary with the
# earlier kernels (.gpu/oldkernels, FFTSCOPE_KERNEL_DIR) and N/2 + 1 between the passes, which is the
# earlier plan, and with the new kernels at N/2 + 1. Everything goes back as one archive.
#   (here)   pack as gpu_all.sh says, then git archive the earlier commit's kernels/ into .gpu/oldkernels
#   (there)  bash .gpu/gpu_real_pitch.sh .gpu "$OUT"
set -u
cli_seconds=120
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" pitch
for s in "4096 --rows 4096" "1920 --rows 1080" "1000 --rows 750"; do
  cli plan --device NVIDIA --size $s --real; cli plan --device NVIDIA --size $s --real --inverse
done > "$work/plans.txt" 2>&1
for p in f32 f64; do
  for s in 4096x4096 1080x1920 750x1000 4096 48000; do
    [ $s = 4096 ] && batch="--batch 4096" || batch=""
    [ $s = 48000 ] && batch="--batch 349"
    cli bench-real --device NVIDIA --peers vkfft,clfft --precision $p --size $s $batch
  done > "$work/real-$p.txt" 2>&1
done
echo "real: $(date -u)" >> "$work/steps.txt"
b=(bench --device NVIDIA --variants auto --peers vkfft)
for p in f32 f64; do
  cli "${b[@]}" --sizes 97,96,257,256,641,640 --points 16777216 --precision $p --json "$work/primes-$p.json" \
    > "$work/primes-$p.txt" 2>&1
done
echo "primes: $(date -u)" >> "$work/steps.txt"
for k in old new; do
  for pad in 0 1; do
    [ $k = old ] && [ $pad = 1 ] && continue
    dir=""; [ $k = old ] && dir="$pack/oldkernels"
    for p in f32 f64; do
      for s in "4096x4096" "4096 --batch 4096"; do
        FFTSCOPE_KERNEL_DIR=$dir FFTSCOPE_PAD_HALF_SPECTRUM=$pad cli bench-real --device NVIDIA --precision $p --size $s
      done
    done > "$work/compare-$k-pad$pad.txt" 2>&1
  done
  [ $k = old ] && dir="$pack/oldkernels" || dir=""
  FFTSCOPE_KERNEL_DIR=$dir cli bench --device NVIDIA --variants auto --sizes 97,257,641 --points 16777216 \
    --json "$work/compare-primes-$k.json" > "$work/compare-primes-$k.txt" 2>&1
done
echo "compare: $(date -u)" >> "$work/steps.txt"
verify_both 97,257,641,12289,1601x64,64x1601
gpu_end
