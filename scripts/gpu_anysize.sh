#!/usr/bin/env bash
# Any-size measurements of docs/performance.md on the GPU machine:
#   (here)   bash ../shared/gpu/pack.sh .gpu build/app/cli/fftscope-cli
#   (there)  bash scripts/gpu_anysize.sh .gpu OUTDIR
# Verification of every variant (f32, f64), then mixed-radix and Bluestein sizes beside the next
# powers of two, with VkFFT and clFFT where they take the size (2^24 points per 1D case).
set -u
pack=$1
out=$2
mkdir -p "$out"
run() { bash "$pack/run.sh" "$@"; }
gpu=${FFTSCOPE_GPU:-NVIDIA}
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; } > "$out/machine.txt" 2>&1
timeout 240 bash "$pack/run.sh" fftscope-cli verify --device "$gpu" --variant all --dims all --precision f32 > "$out/verify-f32.txt" 2>&1
timeout 240 bash "$pack/run.sh" fftscope-cli verify --device "$gpu" --variant all --dims all --precision f64 > "$out/verify-f64.txt" 2>&1
run fftscope-cli bench --device "$gpu" --variants auto --peers vkfft,clfft \
  --sizes 1000,1024,12288,16384,48000,65536,65537,1000003,1048576 --points 16777216 \
  --json "$out/anysize-1d.json" > "$out/anysize-1d.txt" 2>&1
run fftscope-cli bench --device "$gpu" --dims 2d --variants auto --peers vkfft,clfft \
  --sizes 1080x1920,2048x2048,3000x4000,4096x4096 --batch 1 --json "$out/anysize-2d.json" > "$out/anysize-2d.txt" 2>&1
ls -l "$out"
