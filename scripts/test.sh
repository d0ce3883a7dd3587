#!/usr/bin/env bash
# Installs what FFTScope needs, builds it and runs every test (PoCL is the OpenCL device here).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)"
# Offscreen Qt for the GUI tests; PoCL caches compiled kernels under the build folder.
export QT_QPA_PLATFORM=offscreen
export POCL_CACHE_DIR="$PWD/build/pocl-cache"
ctest --test-dir build --output-on-failure -j"$(nproc)" --timeout 900
