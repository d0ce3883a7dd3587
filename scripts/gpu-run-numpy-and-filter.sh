#!/usr/bin/env bash
# On the GPU machine: fftscope-cli fft on the inputs of scripts/gpu_numpy_check.py, and the
# engine part of the live filtering round trip. Outputs under $OUT.
set -uo pipefail
out=${OUT:-/tmp/out}
export FFTSCOPE_DEVICE=${FFTSCOPE_DEVICE:-NVIDIA}
bash .gpu/npy/commands.sh "$PWD/.gpu/run.sh fftscope-cli" /tmp/npy-out
# Split: each file that comes back from the machine is at most 16 MiB.
tar -C /tmp -cf - npy-out | split -b 15M - "$out/npy-out.tar.part-"
for planes in 1 3; do
  for size in 1024x1024 4096x4096; do
    bash .gpu/run.sh fftscope-cli bench-filter --size $size --planes $planes --repeat 50
  done
done | tee "$out/bench-filter.txt"
