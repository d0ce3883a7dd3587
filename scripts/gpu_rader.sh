#!/usr/bin/env bash
# Rader's algorithm on the GPU (docs/performance.md): the plans, every Rader size verified against
# FFTW in f32 and f64, then timed beside VkFFT and clFFT and against Bluestein's (FFTSCOPE_RADER=0)
# and the power of two next to it, in one call; radix 9's written-out constants against the last
# build's common.cl (FFTSCOPE_KERNEL_DIR), on the shapes whose plans take a radix of 9.
#   (here)   pack as gpu_all.sh says, plus: mkdir .gpu/kernels-before && cp kernels/*.cl .gpu/kernels-before/ &&
#            git show HEAD~N:kernels/common.cl > .gpu/kernels-before/common.cl
#   (there)  bash .gpu/gpu_rader.sh .gpu "$OUT"
set -u
pack=$1
out=$2
mkdir -p "$out"
cli() { timeout 120 bash "$pack/run.sh" fftscope-cli "$@"; }
{ nvidia-smi; date -u; } > "$out/machine.txt" 2>&1
cli devices > "$out/devices.txt" 2>&1
for n in 65537 12289 257 1000003; do cli plan --device NVIDIA --size $n --batch $((16777216 / n)); done > "$out/plans.txt" 2>&1
for p in f32 f64; do
  cli verify --device NVIDIA --variant auto --twiddle table --precision $p \
    --sizes 257,97,12289,65537,786433,7x65537,257x97,97x257 > "$out/verify-$p.txt" 2>&1
done
echo "verify: $(date -u)" >> "$out/steps.txt"
for p in f32 f64; do
  cli bench --device NVIDIA --variants auto --peers vkfft,clfft --points 16777216 --precision $p \
    --sizes 65537,65536,12289,12288,257,256 --json "$out/rader-$p.json" > "$out/rader-$p.txt" 2>&1
  FFTSCOPE_RADER=0 cli bench --device NVIDIA --variants auto --points 16777216 --precision $p \
    --sizes 65537,12289,257 --json "$out/bluestein-$p.json" > "$out/bluestein-$p.txt" 2>&1
  echo "bench $p: $(date -u)" >> "$out/steps.txt"
done
for k in now before; do
  env=(env)
  [ $k = before ] && env=(env FFTSCOPE_KERNEL_DIR="$pack/kernels-before")
  "${env[@]}" timeout 120 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --dims 2d \
    --sizes 1080x1920 --batch 1 --json "$out/nine-2d-$k.json" > "$out/nine-$k.txt" 2>&1
  "${env[@]}" timeout 120 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --sizes 1080,4608 \
    --points 16777216 --json "$out/nine-1d-$k.json" >> "$out/nine-$k.txt" 2>&1
done
echo "nine: $(date -u)" >> "$out/steps.txt"
