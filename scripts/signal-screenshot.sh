#!/usr/bin/env bash
# Regenerates docs/images/signal-workspace.png: the real application under Xvfb, the Signal
# workspace on the demo recording (scripts/signal-demo.py), saved by the window itself once the
# spectrum and the spectrogram are shown. Needs a build (build/app/gui/fftscope) and xvfb.
# SIZE=1518x854 gives a 1366 x 768 window (the window takes nine tenths of the screen).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/images/signal-workspace.png}
size=${SIZE:-1600x1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/signal-demo.py "$work/signal-demo.wav"
XDG_CONFIG_HOME="$work/config" xvfb-run -a -s "-screen 0 ${size}x24" build/app/gui/fftscope --workspace signal \
  --signal "$work/signal-demo.wav" --screenshot "$work/shot.png"
# A 256-colour PNG keeps it small where ImageMagick is installed.
convert "$work/shot.png" +dither -colors 256 "PNG8:$out" 2>/dev/null || cp "$work/shot.png" "$out"
echo "wrote $out"
