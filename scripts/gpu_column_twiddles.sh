#!/usr/bin/env bash
# Bluestein's split (SplitBluestein.h) in the forms `--plan measure` weighs: the twiddles between
# columns and rows on the column passes (FFTSCOPE_SPLIT_COLUMN_TWIDDLES=1) or the row pass (=0),
# and shorter rows than local memory holds (FFTSCOPE_SPLIT_ROWS). First `verify` of the new forms
# in f32 and f64 (as the estimate splits, and split where asked); then 1000003 x 16 in each form,
# twice and in turn, with 2^20 x 16 beside for the time a point and VkFFT beside in the first
# round; the other split primes in both twiddle forms; then `plan --plan measure`, which times
# them all as candidates. One archive.
#   (there)  timeout 580 bash .gpu/gpu_column_twiddles.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" column-twiddles
FFTSCOPE_SPLIT_COLUMN_TWIDDLES=1 verify_both 1000003,2000003,524309,1048583 verify-columns
FFTSCOPE_SPLIT_COLUMN_TWIDDLES=1 FFTSCOPE_SPLIT_BLUESTEIN=prefer verify_both 4099,2053,65537,131101 verify-columns-prefer
FFTSCOPE_SPLIT_ROWS=1024 verify_both 1000003,2000003 verify-rows1024
cli plan --device NVIDIA --size 1000003 --batch 16 > "$work/plan-default.txt" 2>&1
FFTSCOPE_SPLIT_COLUMN_TWIDDLES=1 cli plan --device NVIDIA --size 1000003 --batch 16 > "$work/plan-columns.txt" 2>&1
b=(bench --device NVIDIA --variants auto --points 16777216)
forms() {  # the forms of one precision: environment settings (comma-separated), FFTSCOPE_NONE=1 for none
  echo FFTSCOPE_NONE=1 FFTSCOPE_SPLIT_COLUMN_TWIDDLES=1
  if [ "$1" = f32 ]; then echo FFTSCOPE_SPLIT_ROWS=2048 "FFTSCOPE_SPLIT_ROWS=2048,FFTSCOPE_SPLIT_COLUMN_TWIDDLES=1"
  else echo FFTSCOPE_SPLIT_ROWS=1024; fi
}
for round in 1 2; do
  peers=()
  [ $round = 1 ] && peers=(--peers vkfft)
  for p in f32 f64; do
    for form in $(forms $p); do
      label=$p-$round-${form//[=,]/_}
      env ${form//,/ } timeout 100 bash "$pack/run.sh" fftscope-cli "${b[@]}" "${peers[@]}" --precision $p \
        --sizes 1000003,1048576 --json "$work/prime-$label.json" > "$work/prime-$label.txt" 2>&1
    done
  done
done
for t in 0 1; do
  FFTSCOPE_SPLIT_COLUMN_TWIDDLES=$t cli "${b[@]}" --sizes 524309,1048583,2000003 \
    --json "$work/others-t$t-f32.json" > "$work/others-t$t-f32.txt" 2>&1
done
# The planner's own choice among them.
cli plan --device NVIDIA --size 1000003 --batch 16 --plan measure --wisdom "$work/wisdom.json" > "$work/measure-f32.txt" 2>&1
cli plan --device NVIDIA --size 1000003 --batch 16 --precision f64 --plan measure --wisdom "$work/wisdom.json" \
  > "$work/measure-f64.txt" 2>&1
gpu_end
