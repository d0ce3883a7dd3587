#!/usr/bin/env bash
# video-bench.sh OUTDIR [fftscope options, e.g. --device NVIDIA | --fftw]
# Frames a second of `fftscope filter IN.mp4 -o OUT.mp4` on a 1080p and a 4K test video of moving
# stripes made on the spot, with decode, upload+transforms+download, the host's filter work and
# encode timed apart (--timings); and the file decoded alone (OpenCV's reader and ours), encoded
# alone from memory and decoded and encoded at once with no filter between, the bounds the
# filter's pipeline works within. Each report goes to OUTDIR/NAME.txt, and a summary to stdout.
#
# Here:  scripts/video-bench.sh /tmp/video-bench --fftw     (needs build/app/gui/fftscope and
#        build/core/video/fftscope-sample-video)
# On the GPU machine, from a pack of both programs (see experiments/README.md):
#        FFTSCOPE=".gpu/run.sh fftscope" SAMPLE=".gpu/run.sh fftscope-sample-video" \
#          scripts/video-bench.sh "$OUT/video" --device NVIDIA
# VIDEO_SIZES overrides the cases: "WIDTHxHEIGHTxFRAMES ..." (default 1920x1080x240 3840x2160x120).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: video-bench.sh OUTDIR [fftscope options]" >&2; exit 2; }
out=$1; shift
here=$(cd "$(dirname "$0")/.." && pwd)
fftscope=${FFTSCOPE:-$here/build/app/gui/fftscope}
sample=${SAMPLE:-$here/build/core/video/fftscope-sample-video}
sizes=${VIDEO_SIZES:-1920x1080x240 3840x2160x120}
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for case in $sizes; do
  IFS=x read -r width height frames <<< "$case"
  name=${width}x${height}
  $sample "$work/$name.mp4" "$width" "$height" "$frames" 30 2> "$out/$name-make.log"
  # The pipeline's bound: OpenCV decoding the file alone, and as the filter command reads it.
  echo "== $name decode ($frames frames)"
  $sample --decode "$work/$name.mp4" | tee "$out/$name-decode.txt"
  echo "== $name encode and transcode ($frames frames)"
  { $sample --encode "$work/$name.mp4" "$work/$name-encoded.mp4"
    $sample --transcode "$work/$name.mp4" "$work/$name-transcoded.mp4"; } | tee "$out/$name-codecs.txt"
  rm -f "$work/$name-encoded.mp4" "$work/$name-transcoded.mp4"
  for filter in "lowpass gaussian --cutoff 0.1" "bandstop butterworth --cutoff 0.1,0.2 --order 2"; do
    label=$name-${filter%% *}
    # Colour frames filtered per channel (3 planes a frame), written with mp4v like the input.
    $fftscope filter "$work/$name.mp4" -o "$work/$label-out.mp4" --${filter} --timings "$@" \
      > "$out/$label.txt" 2> "$out/$label.log"
    echo "== $label ($frames frames)"
    cat "$out/$label.txt"
    rm -f "$work/$label-out.mp4"
  done
done
