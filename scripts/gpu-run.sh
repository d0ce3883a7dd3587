#!/usr/bin/env bash
# Runs on the GPU machine from the packed CLI (.gpu, see docs/performance.md): devices, the full
# verification in both precisions and first timings, written under $OUT.
set -uo pipefail
cli() { bash .gpu/run.sh fftscope-cli "$@"; }
out=${OUT:-/tmp/out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv > "$out/gpu.txt" 2>&1
cli devices | tee "$out/devices.txt"
dev=${FFTSCOPE_DEVICE:-NVIDIA}
export FFTSCOPE_DEVICE=$dev
cli verify --variant all --dims all --precision f32 > "$out/verify-f32.txt" 2>&1; echo "verify f32 exit $?"
cli verify --variant all --dims all --precision f64 > "$out/verify-f64.txt" 2>&1; echo "verify f64 exit $?"
tail -1 "$out/verify-f32.txt" "$out/verify-f64.txt"
grep FAIL "$out/verify-f32.txt" "$out/verify-f64.txt" | head -20
cli bench --precision f32 "$@" > "$out/bench-f32.txt" 2>&1
cat "$out/bench-f32.txt"
