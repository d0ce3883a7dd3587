#!/usr/bin/env bash
# Installs what FFTScope needs, builds it and runs every test (PoCL is the OpenCL device here),
# then the sanitizer run (scripts/sanitize.sh) and the fuzz run (scripts/fuzz.sh). Each part
# prints its time; FUZZ_SECONDS sets each fuzz target's run (default 40).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
started=$(date +%s)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)"
# Offscreen Qt for the GUI tests; PoCL caches compiled kernels under the build folder.
export QT_QPA_PLATFORM=offscreen
export POCL_CACHE_DIR="$PWD/build/pocl-cache"
ctest --test-dir build --output-on-failure -j"$(nproc)" --timeout 900
echo "test.sh: build and tests took $(( $(date +%s) - started )) s"

started=$(date +%s)
bash scripts/sanitize.sh
echo "test.sh: sanitizer run took $(( $(date +%s) - started )) s"

started=$(date +%s)
bash scripts/fuzz.sh "${FUZZ_SECONDS:-40}"
echo "test.sh: fuzz run took $(( $(date +%s) - started )) s"
