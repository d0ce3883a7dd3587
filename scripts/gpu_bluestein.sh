#!/usr/bin/env bash
# Prime lengths through Bluestein on the GPU machine: `verify --variant auto` on primes (1D, batches,
# 2D shapes with a prime side), the plans `auto` makes there, then `auto` beside VkFFT and clFFT
# for 65537 x 255, 1000003 x 16, and 2053 and 4099 filling 2^24 points, in f32 and f64:
#   (here)   bash ../shared/gpu/pack.sh .gpu build/app/cli/fftscope-cli
#   (there)  bash scripts/gpu_bluestein.sh .gpu OUTDIR
# FFTSCOPE_GPU picks the device (default NVIDIA); BLUESTEIN_POINTS, BLUESTEIN_SIZES and
# BLUESTEIN_VERIFY_SIZES make the run smaller, e.g. to try it on PoCL:
#   FFTSCOPE_GPU=0 BLUESTEIN_POINTS=65536 BLUESTEIN_SIZES=2053,4099 BLUESTEIN_VERIFY_SIZES=37,2053 \
#     bash scripts/gpu_bluestein.sh .gpu /tmp/bluestein
set -u
pack=$1
out=$2
mkdir -p "$out"
cli() { timeout ${BLUESTEIN_TIMEOUT:-300} bash "$pack/run.sh" fftscope-cli "$@"; }
gpu=${FFTSCOPE_GPU:-NVIDIA}
points=${BLUESTEIN_POINTS:-16777216}
sizes=${BLUESTEIN_SIZES:-2053,4099}
verify_sizes=${BLUESTEIN_VERIFY_SIZES:-37,997,2053,4099,65537,1000003,7x2053,2053x7,1x997,997x1}
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv; } > "$out/machine.txt" 2>&1
cli devices > "$out/devices.txt" 2>&1
status=0
for precision in f32 f64; do
  cli verify --device "$gpu" --precision "$precision" --variant auto --twiddle table --dims all \
    --sizes "$verify_sizes" > "$out/verify-primes-$precision.txt" 2>&1 || status=1
  echo "verify $precision: $(tail -1 "$out/verify-primes-$precision.txt")"
done
for shape in "--size 65537 --batch 255" "--size 1000003 --batch 16" "--size 2053 --batch 8172" \
             "--size 4099 --batch 4093"; do
  for precision in f32 f64; do
    echo "== plan $shape --precision $precision"
    cli plan $shape --precision "$precision" --device "$gpu" 2>&1
  done
done > "$out/plans.txt"
for precision in f32 f64; do
  if [ -z "${BLUESTEIN_POINTS:-}" ]; then
    # The two cases of the comparison with their own batches.
    cli bench --device "$gpu" --precision "$precision" --variants auto --peers vkfft,clfft \
      --sizes 65537 --batch 255 --json "$out/bench-65537x255-$precision.json" \
      > "$out/bench-65537x255-$precision.txt" 2>&1 || status=1
    cli bench --device "$gpu" --precision "$precision" --variants auto --peers vkfft,clfft \
      --sizes 1000003 --batch 16 --json "$out/bench-1000003x16-$precision.json" \
      > "$out/bench-1000003x16-$precision.txt" 2>&1 || status=1
  fi
  cli bench --device "$gpu" --precision "$precision" --variants auto --peers vkfft,clfft \
    --sizes "$sizes" --points "$points" --json "$out/bench-primes-$precision.json" \
    > "$out/bench-primes-$precision.txt" 2>&1 || status=1
done
for f in "$out"/bench-*.txt; do
  echo "== $(basename "$f")"
  cat "$f"
done
ls -l "$out"
exit $status
