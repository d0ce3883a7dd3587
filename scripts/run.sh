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
  # fftscope itself explains how to run without a display; then the same work, headless.
  build/app/gui/fftscope || true
  echo
  echo "Meanwhile, the Image workspace's work without a window:"
  mkdir -p build/out
  (set -x
   build/app/gui/fftscope filter resources/samples/periodic-noise.png -o build/out/periodic-noise-filtered.png \
     --auto-notch --spectrum build/out/periodic-noise-filtered-spectrum.png)
  echo
  echo "And the engine from the command line:"
  echo
fi
cli=build/app/cli/fftscope-cli
set -x
$cli devices
$cli plan --size 4096 --variant auto
$cli plan --size 512 --rows 512 --variant r16 --transpose padded
$cli verify --variant all --dims 1d --max-log2 10 --twiddle table
