#!/usr/bin/env bash
# The engine's speed cases on the GPU machine: `auto` and the older `local` plans beside VkFFT and
# clFFT (f32 and f64), the plans `auto` runs there, and `verify` of `auto` first:
#   (here)   bash ../shared/gpu/pack.sh .gpu build/app/cli/fftscope-cli
#   (there)  bash scripts/gpu_speed.sh .gpu OUTDIR [VARIANTS] [PRECISIONS]
set -u
pack=$1
out=$2
variants=${3:-auto,local}
precisions=${4:-f32 f64}
mkdir -p "$out"
cli() { timeout 240 bash "$pack/run.sh" fftscope-cli "$@"; }
gpu=${FFTSCOPE_GPU:-NVIDIA}
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv; } > "$out/machine.txt" 2>&1
for precision in $precisions; do
  cli verify --device "$gpu" --precision "$precision" --variant auto --twiddle ${VERIFY_TWIDDLE:-all} --dims all --max-log2 ${VERIFY_LOG2:-24} \
    --max-log2-2d 12 > "$out/verify-auto-$precision.txt" 2>&1
  tail -1 "$out/verify-auto-$precision.txt"
  cli bench --device "$gpu" --precision "$precision" --variants "$variants" --peers vkfft,clfft \
    --sizes 65536,16384,4096,1024,256,2^20,2^24 --points 16777216 \
    --json "$out/table-1d-$precision.json" > "$out/table-1d-$precision.txt" 2>&1
  cli bench --device "$gpu" --precision "$precision" --dims 2d --variants "$variants" --peers vkfft,clfft \
    --sizes 1024 --batch 16 --json "$out/table-2d-1024x16-$precision.json" > "$out/table-2d-1024x16-$precision.txt" 2>&1
  cli bench --device "$gpu" --precision "$precision" --dims 2d --variants "$variants" --peers vkfft,clfft \
    --sizes 4096,8192 --batch 1 --json "$out/table-2d-$precision.json" > "$out/table-2d-$precision.txt" 2>&1
  cli bench --device "$gpu" --precision "$precision" --variants "$variants" --peers vkfft,clfft \
    --sizes 1000,12288,48000,65537,1000003 --points 16777216 \
    --json "$out/anysize-1d-$precision.json" > "$out/anysize-1d-$precision.txt" 2>&1
  cli bench --device "$gpu" --precision "$precision" --dims 2d --variants "$variants" --peers vkfft,clfft \
    --sizes 1080x1920,3000x4000 --batch 1 --json "$out/anysize-2d-$precision.json" > "$out/anysize-2d-$precision.txt" 2>&1
done
for shape in "--size 16777216" "--size 1048576" "--size 65536" "--size 16384" "--size 4096 --rows 4096" \
             "--size 8192 --rows 8192" "--size 1024 --rows 1024" "--size 1000" "--size 1920 --rows 1080"; do
  echo "== plan $shape"
  cli plan $shape --device "$gpu" 2>&1
done > "$out/plans.txt"
ls -l "$out"
