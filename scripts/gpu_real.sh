#!/usr/bin/env bash
# The engine's real transforms (bench-real: R2C and C2R) beside VkFFT's and clFFT's own, each
# checked against FFTW before it is timed, on the GPU machine: 2D 4096x4096 and 1D 2^24 in f32 and
# f64, then the other shapes of docs/performance.md's real table in f32.
#   (here)   bash ../shared/gpu/pack.sh .gpu build/app/cli/fftscope-cli
#   (there)  bash scripts/gpu_real.sh .gpu OUTDIR
# scripts/gpu_peer_table.sh runs it too.
set -u
pack=$1
out=$2
mkdir -p "$out"
cli() { timeout 300 bash "$pack/run.sh" fftscope-cli "$@"; }
gpu=${FFTSCOPE_GPU:-NVIDIA}
[ -f "$out/machine.txt" ] ||
  { date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv; } > "$out/machine.txt" 2>&1
{
  for precision in f32 f64; do
    for size in 4096x4096 16777216; do
      echo "== bench-real --size $size --precision $precision --peers vkfft,clfft"
      cli bench-real --size "$size" --precision "$precision" --peers vkfft,clfft --device "$gpu" 2>&1
    done
  done
  for args in "--size 16384 --batch 1024" "--size 1080x1920" "--size 48000 --batch 349"; do
    echo "== bench-real $args --peers vkfft,clfft"
    cli bench-real $args --peers vkfft,clfft --device "$gpu" 2>&1
  done
  # R2C's untangling in the row pass's stores (the default) against its own launch.
  for size in 4096x4096 1080x1920; do
    echo "== FFTSCOPE_FUSED_UNTANGLE=0 bench-real --size $size"
    FFTSCOPE_FUSED_UNTANGLE=0 cli bench-real --size "$size" --device "$gpu" 2>&1
  done
} > "$out/bench-real.txt"
ls -l "$out/bench-real.txt"
