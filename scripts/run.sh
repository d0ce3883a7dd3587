#!/usr/bin/env bash
# Installs what FFTScope needs, builds it and runs it: the application window on the sample
# image, or, where there is no display, the command-line engine's demonstration.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"

if [ -x build/app/gui/fftscope ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
  exec build/app/gui/fftscope "$@"
fi
if [ -x build/app/gui/fftscope ]; then
  echo "No display here: the window needs X11 or Wayland (or run: xvfb-run build/app/gui/fftscope)."
  echo "Meanwhile, the engine from the command line:"
  echo
fi
cli=build/app/cli/fftscope-cli
set -x
$cli devices
$cli plan --size 4096 --variant auto
$cli plan --size 512 --rows 512 --variant r16 --transpose padded
$cli verify --variant all --dims 1d --max-log2 10 --twiddle table
