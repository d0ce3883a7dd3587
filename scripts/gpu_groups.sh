#!/usr/bin/env bash
# Work-items of a local-memory grouped step on the GPU (docs/performance.md): the same cases timed
# with FFTSCOPE_ITEM_POINTS (points a work-item aims at) and FFTSCOPE_MAX_GROUP (work-items a group
# at most) set otherwise, every result checked against FFTW before it is timed, each launch's time
# in the JSON. Everything goes back as one archive.
#   (here)   pack as gpu_all.sh says
#   (there)  bash .gpu/gpu_groups.sh .gpu "$OUT"
set -u
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" groups
b=(bench --device NVIDIA --variants auto)
for combo in 0:256 8:256 8:512 4:512 8:1024 4:1024; do
  items=${combo%%:*} group=${combo##*:}
  tag=items$items-group$group
  export FFTSCOPE_MAX_GROUP=$group
  if [ "$items" = 0 ]; then unset FFTSCOPE_ITEM_POINTS; else export FFTSCOPE_ITEM_POINTS=$items; fi
  for s in 1920x1080 4000x3000 4096x4096; do cli plan --device NVIDIA --size ${s%%x*} --rows ${s##*x}; done \
    > "$work/plans-$tag.txt" 2>&1
  cli "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000,4096x4096 --batch 1 --json "$work/2d-$tag.json" \
    > "$work/2d-$tag.txt" 2>&1
  cli "${b[@]}" --sizes 1000,1080,1920,4000,4096,12288,48000 --points 16777216 --json "$work/1d-$tag.json" \
    > "$work/1d-$tag.txt" 2>&1
  echo "$tag: $(date -u)" >> "$work/steps.txt"
done
unset FFTSCOPE_MAX_GROUP FFTSCOPE_ITEM_POINTS
gpu_end
