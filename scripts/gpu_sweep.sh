#!/usr/bin/env bash
# The measurements recorded in docs/performance.md, on the GPU machine, in one go:
#   (here)   bash ../shared/gpu/pack.sh .gpu build/app/cli/fftscope-cli build/tests/fftscope-signal-bench
#   (there)  bash scripts/gpu_sweep.sh .gpu OUTDIR
# Every variant and every peer at the sizes of the peer table (f32, 2^24 points per 1D case; 2D one
# array each), as JSON the Performance workspace opens; the spectrogram of an hour of stereo.
set -u
pack=$1
out=$2
mkdir -p "$out"
run() { bash "$pack/run.sh" "$@"; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv; } > "$out/machine.txt" 2>&1
run fftscope-cli devices > "$out/devices.txt" 2>&1
gpu=${FFTSCOPE_GPU:-NVIDIA}
run fftscope-cli bench --device "$gpu" --variants all --peers all --sizes 256,1024,4096,16384,2^20,2^24 \
  --points 16777216 --json "$out/sweep-1d-f32.json" > "$out/sweep-1d-f32.txt" 2>&1
run fftscope-cli bench --device "$gpu" --dims 2d --variants r2,r4,r8,r16,local,auto,auto/naive,auto/padded,auto/none \
  --peers all --sizes 1024,4096,8192 --batch 1 --json "$out/sweep-2d-f32.json" > "$out/sweep-2d-f32.txt" 2>&1
run fftscope-signal-bench --device "$gpu" --seconds 3600 > "$out/signal-hour.txt" 2>&1
ls -l "$out"
