#!/usr/bin/env bash
# Inner twiddles from fewer lookups: a radix-4 pass's w^2 and w^3 as products of w (RADIX4_POWERS,
# kernels .gpu/kv/P), the R/4 + 2 lookups of INNER_STEPS written with scalars and forced on in
# register-held passes too (.gpu/kv/S4, and with the powers .gpu/kv/S), against the binary's
# kernels (A) and the committed ones (.gpu/kv/O). `verify` of S and P first, two rounds in turn.
#   (there)  timeout 590 bash .gpu/gpu_twiddle_powers.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" twiddle-powers
sizes=16384,8192,4096,1024,1048576,16777216,4096x4096,1024x1024,4099,12288,48000
for v in S P; do
  for p in f32 f64; do
    FFTSCOPE_KERNEL_DIR=$(kernels_of $v) cli verify --device NVIDIA --variant auto --twiddle table --precision $p \
      --sizes $sizes > "$work/verify-$v-$p.txt" 2>&1
  done
done
b=(bench --device NVIDIA --variants auto)
for round in 1 2; do
  for v in O A P S S4; do
    [ $SECONDS -gt 500 ] && break
    k=$(kernels_of $v)
    FFTSCOPE_KERNEL_DIR=$k cli "${b[@]}" --sizes 1024,4096,8192,16384,65536,1048576,16777216 --points 16777216 \
      --json "$work/1d-f32-$v-$round.json" > "$work/1d-f32-$v-$round.txt" 2>&1
    FFTSCOPE_KERNEL_DIR=$k cli "${b[@]}" --dims 2d --sizes 1024x1024 --batch 16 \
      --json "$work/2d16-f32-$v-$round.json" > "$work/2d16-f32-$v-$round.txt" 2>&1
    FFTSCOPE_KERNEL_DIR=$k cli "${b[@]}" --dims 2d --sizes 4096x4096,8192x8192 --batch 1 \
      --json "$work/2d-f32-$v-$round.json" > "$work/2d-f32-$v-$round.txt" 2>&1
    case $v in O|A|S)
      FFTSCOPE_KERNEL_DIR=$k cli "${b[@]}" --precision f64 --sizes 4096,8192,16384,1048576 --points 16777216 \
        --json "$work/1d-f64-$v-$round.json" > "$work/1d-f64-$v-$round.txt" 2>&1 ;;
    esac
  done
done
gpu_end
