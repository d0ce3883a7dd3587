#!/usr/bin/env bash
# Builds the core, imaging and engine tests with AddressSanitizer and UBSan (build-asan) and runs
# them: core_tests, imaging_tests and the device's spectral filter whole, the planner and engine
# error tests, and a reduced accuracy sweep on the OpenCL device (a few of its groups instead of
# all). Third-party leaks are suppressed by name in tests/sanitizers/lsan.supp.
# Usage: scripts/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."

flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFFTSCOPE_BUILD_GUI=OFF \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
cmake --build build-asan -j"$(nproc)" --target core_tests imaging_tests engine_tests device_spectral_filter_tests >/dev/null

supp="$PWD/tests/sanitizers"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="suppressions=$supp/ubsan.supp:print_stacktrace=1:halt_on_error=1"
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-$PWD/build-asan/pocl-cache}"  # test.sh shares its own

planner='PassPlan*:Variants/*:EngineErrors.*:Shapes/*:LocalKernel.*:CacheChunks.*'
# Whole groups of the accuracy sweep: every size of one variant and twiddle mode (1D), one
# transpose over every variant's shapes (2D).
sweep='Engine/OneD.*/r16_table_f32:Engine/OneD.*/local_recurrence_f32:Engine/TwoD.*/r8_padded_f32'

status=0
run() {
  local name="$1"
  shift
  local started=$(date +%s)
  if "$@" --gtest_brief=1 >"build-asan/$name.log" 2>&1; then
    echo "sanitize $name: passed in $(( $(date +%s) - started )) s ($(grep -m1 -oE '[0-9]+ tests? from [0-9]+ test suites?' "build-asan/$name.log" || echo '?'))"
  else
    status=1
    echo "sanitize $name: FAILED in $(( $(date +%s) - started )) s, see build-asan/$name.log"
    grep -m5 -E "ERROR: |SUMMARY: |runtime error|FAILED" "build-asan/$name.log" || true
  fi
}
run core_tests build-asan/tests/core_tests
run imaging_tests build-asan/tests/imaging_tests
run engine_planner build-asan/tests/engine_tests --gtest_filter="$planner"
run engine_sweep build-asan/tests/engine_tests --gtest_filter="$sweep"
run device_spectral_filter build-asan/tests/device_spectral_filter_tests
exit $status
