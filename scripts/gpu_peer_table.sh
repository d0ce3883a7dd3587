#!/usr/bin/env bash
# The engine's `auto` beside VkFFT and clFFT on the cases of docs/performance.md's peer table, f32
# and f64, the plans `auto` runs, the image round trip (bench-filter) and the real transforms beside
# the peers' own (bench-real --peers, through scripts/gpu_real.sh), on the GPU machine:
#   (here)   bash ../shared/gpu/pack.sh .gpu build/app/cli/fftscope-cli
#   (there)  bash scripts/gpu_peer_table.sh .gpu OUTDIR [VARIANTS]
# VARIANTS (default auto) are compared with the peers in the same run.
set -u
pack=$1
out=$2
variants=${3:-auto}
mkdir -p "$out"
cli() { timeout 150 bash "$pack/run.sh" fftscope-cli "$@"; }
gpu=${FFTSCOPE_GPU:-NVIDIA}
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv; } > "$out/machine.txt" 2>&1
for precision in f32 f64; do
  cli bench --device "$gpu" --precision "$precision" --variants "$variants" --peers vkfft,clfft \
    --sizes 65536,16384,4096,1024,2^20,2^24 --points 16777216 \
    --json "$out/table-1d-$precision.json" > "$out/table-1d-$precision.txt" 2>&1
  cli bench --device "$gpu" --precision "$precision" --dims 2d --variants "$variants" --peers vkfft,clfft \
    --sizes 1024 --batch 16 --json "$out/table-2d-1024x16-$precision.json" > "$out/table-2d-1024x16-$precision.txt" 2>&1
  cli bench --device "$gpu" --precision "$precision" --dims 2d --variants "$variants" --peers vkfft,clfft \
    --sizes 4096,8192 --batch 1 --json "$out/table-2d-$precision.json" > "$out/table-2d-$precision.txt" 2>&1
done
for shape in "--size 16777216" "--size 1048576" "--size 65536" "--size 16384" "--size 4096 --rows 4096" \
             "--size 8192 --rows 8192" "--size 1024 --rows 1024"; do
  echo "== plan $shape"
  cli plan $shape --device "$gpu" 2>&1
done > "$out/plans.txt"
for args in "--size 1024x1024 --planes 3" "--size 4096x4096 --planes 1" "--size 4096x4096 --planes 3"; do
  echo "== bench-filter $args"
  cli bench-filter $args --device "$gpu" 2>&1
done > "$out/bench-filter.txt"
bash "$(dirname "$0")/gpu_real.sh" "$pack" "$out"
ls -l "$out"
