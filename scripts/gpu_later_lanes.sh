#!/usr/bin/env bash
# A long row's local-memory passes after its first in 16 lanes a group (FFTSCOPE_LATER_LANES=16)
# against 8, on the f32 cases whose plans that changes (65536 x 256, 2^24, Rader's 65537 x 255),
# three rounds in turn. One archive.
#   (there)  timeout 590 bash .gpu/gpu_later_lanes.sh .gpu "$OUT"
set -u
cli_seconds=100
. "$(dirname "$0")/gpu_common.sh"
gpu_begin "$1" "$2" later-lanes
for round in 1 2 3; do
  for lanes in 8 16; do
    FFTSCOPE_LATER_LANES=$lanes cli bench --device NVIDIA --variants auto --sizes 65536,16777216,65537 --points 16777216 \
      --json "$work/lanes$lanes-$round.json" > "$work/lanes$lanes-$round.txt" 2>&1
  done
done
gpu_end
