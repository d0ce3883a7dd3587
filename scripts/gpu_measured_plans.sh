#!/usr/bin/env bash
# `--plan measure` on the any-size shapes whose best settings differ from shape to shape (the
# measure-only candidates "auto one-round", "auto composites=24", "auto twiddles=columns", "auto
# split=..."; core/engine/planning/PlanCandidates.h): each shape measured into one wisdom file, then `bench`
# of `auto` with that wisdom beside VkFFT, and without it, in f32. One archive.
#   (there)  timeout 580 bash .gpu/gpu_measured_plans.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" measured-plans
w=(--wisdom "$work/wisdom.json")
for s in "--size 1920 --rows 1080" "--size 750 --rows 1000" "--size 4000 --rows 3000" "--size 200 --batch 83886" \
         "--size 1000003 --batch 16" "--size 4096 --rows 4096"; do
  echo "== plan $s --plan measure"
  cli plan --device NVIDIA $s --plan measure "${w[@]}"
done > "$work/measure.txt" 2>&1
b=(bench --device NVIDIA --variants auto --peers vkfft)
for plan in wisdom estimate; do
  extra=()
  [ $plan = wisdom ] && extra=("${w[@]}")
  [ $plan = estimate ] && extra=(--wisdom "$work/none.json")
  cli "${b[@]}" "${extra[@]}" --dims 2d --sizes 1080x1920,3000x4000,1000x750,4096x4096 --batch 1 \
    --json "$work/2d-$plan.json" > "$work/2d-$plan.txt" 2>&1
  cli "${b[@]}" "${extra[@]}" --sizes 200,1000003,1048576 --points 16777216 \
    --json "$work/1d-$plan.json" > "$work/1d-$plan.txt" 2>&1
done
gpu_end
