#!/usr/bin/env bash
# Installs what FFTScope needs, builds it and runs every test (PoCL is the OpenCL device here),
# then the Debian package's check (scripts/check-package.sh), the sanitizer run
# (scripts/sanitize.sh) and the fuzz run (scripts/fuzz.sh). Each part prints its time;
# FUZZ_SECONDS sets each fuzz target's run (default 25).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
started=$(date +%s)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)"
# Offscreen Qt for the GUI tests. PoCL caches the kernels it compiles (keyed by source and
# options, so an edited kernel compiles anew) in the user's cache folder, which later runs on the
# same machine reuse: compiling them is most of a first run's time on a CPU device.
export QT_QPA_PLATFORM=offscreen
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/fftscope/pocl}"
mkdir -p "$POCL_CACHE_DIR"
ctest --test-dir build --output-on-failure -j"$(nproc)" --timeout 900
echo "test.sh: build and tests took $(( $(date +%s) - started )) s"

started=$(date +%s)
bash scripts/check-package.sh build
echo "test.sh: package check took $(( $(date +%s) - started )) s"

started=$(date +%s)
bash scripts/sanitize.sh
echo "test.sh: sanitizer run took $(( $(date +%s) - started )) s"

started=$(date +%s)
bash scripts/fuzz.sh "${FUZZ_SECONDS:-25}"
echo "test.sh: fuzz run took $(( $(date +%s) - started )) s"
