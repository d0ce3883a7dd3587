#!/usr/bin/env bash
# A quicker subset of gpu_speed.sh (f32, the speed table and the any-size cases), for trying a
# change to the kernels: bash scripts/gpu_speed_quick.sh .gpu OUTDIR [VARIANTS [table]]
# (table: the power-of-two speed table alone)
set -u
pack=$1
out=$2
variants=${3:-auto}
mkdir -p "$out"
cli() { timeout 200 bash "$pack/run.sh" fftscope-cli "$@"; }
gpu=${FFTSCOPE_GPU:-NVIDIA}
b() { name=$1; shift; cli bench --device "$gpu" --variants "$variants" "$@" > "$out/$name.txt" 2>&1; grep -v warning "$out/$name.txt" | grep -E "^(auto|local|vkfft|clfft|r16|copy)" | cut -c1-100; }
b table-1d --peers vkfft --sizes 65536,16384,4096,256,2^20,2^24 --points 16777216
b table-2d-1024x16 --peers vkfft --dims 2d --sizes 1024 --batch 16
b table-2d --peers vkfft --dims 2d --sizes 4096,8192 --batch 1
[ "${4:-}" = table ] && exit 0
b anysize-1d --peers vkfft --sizes 1000,12288,48000,65537,1000003 --points 16777216
b rows-4000 --sizes 4000 --batch 3000
b cols-3000 --dims 2d --sizes 3000x64 --batch 1
b anysize-2d --peers vkfft --dims 2d --sizes 1080x1920,3000x4000 --batch 1
