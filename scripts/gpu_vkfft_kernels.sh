#!/usr/bin/env bash
# VkFFT's kernels and buffer order (FFTSCOPE_VKFFT_PRINT=1) for the cases where it is ahead: one
# timed run each, its printout in vkfft-CASE.txt. One archive.
#   (there)  timeout 300 bash .gpu/gpu_vkfft_kernels.sh .gpu "$OUT"
set -u
cli_seconds=60
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" vkfft-kernels
p=(bench --device NVIDIA --variants r16 --peers vkfft --warmup 0 --repeat 1)
FFTSCOPE_VKFFT_PRINT=1 cli "${p[@]}" --dims 2d --batch 1 --sizes 1080x1920 > "$work/vkfft-1080x1920.txt" 2>&1
FFTSCOPE_VKFFT_PRINT=1 cli "${p[@]}" --points 16777216 --sizes 1000003 > "$work/vkfft-1000003.txt" 2>&1
FFTSCOPE_VKFFT_PRINT=1 cli "${p[@]}" --points 16777216 --sizes 16384 > "$work/vkfft-16384.txt" 2>&1
FFTSCOPE_VKFFT_PRINT=1 cli "${p[@]}" --points 16777216 --sizes 16777216 > "$work/vkfft-2p24.txt" 2>&1
FFTSCOPE_VKFFT_PRINT=1 cli "${p[@]}" --points 16777216 --sizes 1048576 > "$work/vkfft-2p20.txt" 2>&1
gpu_end
