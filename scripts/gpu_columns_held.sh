#!/usr/bin/env bash
# Register-held 4096-point columns in one pass (FFTSCOPE_REGISTER_PASSES=prefer with runs of 32
# bytes: 4 lanes of 64 values, 256 work-items), so 2D 4096² takes two launches and 2^24 two;
# beside them other shapes of the two cases behind VkFFT (1024 x 16384, 16384 x 1024). `verify`
# of each setting first, two rounds in turn. One archive.
#   (there)  timeout 590 bash .gpu/gpu_columns_held.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" columns-held
held="FFTSCOPE_REGISTER_PASSES=prefer FFTSCOPE_HELD_FEWEST_RUN_BYTES=32 FFTSCOPE_HELD_RUN_BYTES=32"
held32="$held FFTSCOPE_REGISTER_VALUES=32"
for p in f32 f64; do
  cli_with "$held" verify --device NVIDIA --variant auto --twiddle table --precision $p \
    --sizes 4096x4096,2048x2048,16777216,4096x100,4096x1 > "$work/verify-held-$p.txt" 2>&1
done
cli_with "$held32" verify --device NVIDIA --variant auto --twiddle table --precision f32 \
  --sizes 4096x4096,16777216 > "$work/verify-held32-f32.txt" 2>&1
settings=("X=1" "$held" "$held32")
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for i in 0 1 2; do
    s=${settings[$i]}
    cli_with "$s" "${b[@]}" --dims 2d --sizes 4096x4096,2048x2048 --batch 1 --json "$work/2d-f32-s$i-$round.json" \
      > "$work/2d-f32-s$i-$round.txt" 2>&1
    cli_with "$s" "${b[@]}" --sizes 16777216 --points 16777216 --json "$work/1d-f32-s$i-$round.json" \
      > "$work/1d-f32-s$i-$round.txt" 2>&1
    [ $i = 2 ] && continue
    cli_with "$s" "${b[@]}" --precision f64 --dims 2d --sizes 4096x4096,2048x2048 --batch 1 \
      --json "$work/2d-f64-s$i-$round.json" > "$work/2d-f64-s$i-$round.txt" 2>&1
    cli_with "$s" "${b[@]}" --precision f64 --sizes 16777216 --points 16777216 \
      --json "$work/1d-f64-s$i-$round.json" > "$work/1d-f64-s$i-$round.txt" 2>&1
  done
done
cli_with "$held" bench-real --device NVIDIA --peers vkfft --size 4096x4096 > "$work/real-4096-held.txt" 2>&1
cli bench-real --device NVIDIA --peers vkfft --size 4096x4096 > "$work/real-4096.txt" 2>&1
# The two 1D cases behind VkFFT, other shapes.
rows=("X=1" "FFTSCOPE_GROUP_TARGET=64" "FFTSCOPE_REVERSE_GROUPS=1" "FFTSCOPE_BATCH_GROUPS=1" "FFTSCOPE_BATCH_GROUPS=2"
      "FFTSCOPE_REQD_GROUP=0" "FFTSCOPE_REGISTER_CAP=192" "FFTSCOPE_INNER_RADICES=4,16,16,16"
      "FFTSCOPE_INNER_RADICES=16,4,16,16")
for round in 1 2; do
  for i in "${!rows[@]}"; do
    [ $SECONDS -gt 520 ] && break
    cli_with "${rows[$i]}" "${b[@]}" --sizes 1024,16384 --points 16777216 --json "$work/rows-r$i-$round.json" \
      > "$work/rows-r$i-$round.txt" 2>&1
  done
done
cli "${b[@]}" --peers vkfft --sizes 1024,16384 --dims 1d --points 16777216 > "$work/rows-vkfft.txt" 2>&1
cli "${b[@]}" --peers vkfft --dims 2d --sizes 4096x4096 --batch 1 > "$work/2d-vkfft.txt" 2>&1
gpu_end
