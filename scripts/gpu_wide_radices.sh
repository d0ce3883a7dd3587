#!/usr/bin/env bash
# Inner radices of 32 and 64 in one work-item's registers (FFTSCOPE_WIDE_RADICES=1) against the
# plain radices up to 16 (=0): `verify` of the plans they change first, then `bench` taken in turn,
# three rounds, each pass's kernel time in the JSON; then local-memory passes named with them
# (FFTSCOPE_INNER_RADICES), and VkFFT beside the cases once. One archive.
#   (there)  timeout 590 bash .gpu/gpu_wide_radices.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" wide-radices
FFTSCOPE_WIDE_RADICES=1 verify_both 16384,8192,1048576,1024x1024,8192x8192,2x16384,3x8192 verify-wide
for r in 32,32 16,64 64,16; do
  FFTSCOPE_INNER_RADICES=$r cli verify --device NVIDIA --variant auto --twiddle table --sizes 1024,5x1024 \
    > "$work/verify-named-$r.txt" 2>&1
done
FFTSCOPE_INNER_RADICES=64,64 cli verify --device NVIDIA --variant auto --twiddle table --sizes 4096,3x4096 \
  > "$work/verify-named-64,64.txt" 2>&1
b=(bench --device NVIDIA --variants auto)
for round in 1 2 3; do
  for s in 1 0; do
    [ $SECONDS -lt 420 ] || break
    w() { cli_with "FFTSCOPE_WIDE_RADICES=$s" "$@"; }
    w "${b[@]}" --sizes 16384,8192,1048576 --points 16777216 --json "$work/1d-w$s-$round.json" \
      > "$work/1d-w$s-$round.txt" 2>&1
    w "${b[@]}" --dims 2d --sizes 1024x1024 --batch 16 --json "$work/2b-w$s-$round.json" > "$work/2b-w$s-$round.txt" 2>&1
    w "${b[@]}" --dims 2d --sizes 8192x8192 --batch 1 --json "$work/2d-w$s-$round.json" > "$work/2d-w$s-$round.txt" 2>&1
  done
done
for r in 32,32 16,64 64,16 X; do
  [ $SECONDS -lt 500 ] || break
  cli_with "FFTSCOPE_INNER_RADICES=$r" "${b[@]}" --sizes 1024 --points 16777216 --json "$work/named-1024-$r.json" \
    > "$work/named-1024-$r.txt" 2>&1
done
for r in 64,64 X; do
  [ $SECONDS -lt 530 ] || break
  cli_with "FFTSCOPE_INNER_RADICES=$r" "${b[@]}" --sizes 4096 --points 16777216 --json "$work/named-4096-$r.json" \
    > "$work/named-4096-$r.txt" 2>&1
done
[ $SECONDS -lt 550 ] && cli bench --device NVIDIA --variants auto --peers vkfft --sizes 16384,8192 --points 16777216 \
  --json "$work/peers.json" > "$work/peers.txt" 2>&1
gpu_end
