#!/usr/bin/env bash
# C2R 4096²'s tangled row pass with each pair's bins read straight from global memory (kernels
# packed as .gpu/kv/tangle) against the binary's own (bins staged in order, then tangled in local
# memory), `bench-real` beside VkFFT, three rounds in turn. One archive.
#   (there)  timeout 590 bash .gpu/gpu_tangle.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" tangle
for round in 1 2 3; do
  for k in A tangle; do
    FFTSCOPE_KERNEL_DIR=$(kernels_of $k) cli bench-real --device NVIDIA --peers vkfft --size 4096x4096 \
      > "$work/real-$k-$round.txt" 2>&1
  done
done
gpu_end
