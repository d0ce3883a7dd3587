#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz, clang with AddressSanitizer and UBSan) and runs each
# for a bounded time from its checked-in seed corpus; prints each target's executions. Fails when
# a target finds a crash, a hang (-timeout) or memory beyond -rss_limit_mb; the input that did it
# is kept under build-fuzz/artifacts/.
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET (default 60)] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(npy_header image_header image_decode filter_options plan_description audio_header
                                     signal_text raw_options signal_filter_options
                                     results_json results_csv wisdom)

clangxx="$(command -v clang++ || command -v clang++-14 || true)"
[ -n "$clangxx" ] || { echo "fuzz.sh: needs clang++ with libFuzzer (Debian: clang-14 libclang-rt-14-dev)" >&2; exit 1; }
CXX="$clangxx" cmake -S tests/fuzz -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz -j"$(nproc)" >/dev/null

corpus_of() {
  case "$1" in
    image_header|image_decode) echo images ;;
    npy_header) echo npy ;;
    audio_header) echo audio ;;
    *) echo "$1" ;;
  esac
}

mkdir -p build-fuzz/artifacts
# Leaks inside OpenCV's decoders are not ours to fix here; crashes, overflows and UB still stop.
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:${UBSAN_OPTIONS:-}"
status=0
for target in "${targets[@]}"; do
  seeds="tests/fuzz/corpus/$(corpus_of "$target")"
  grown="build-fuzz/corpus/$target"
  mkdir -p "$grown"
  log="build-fuzz/$target.log"
  started=$(date +%s)
  # The grown corpus comes first: new inputs are written there, the checked-in seeds stay as
  # they are. -timeout: one input may take at most 10 s.
  if ! "build-fuzz/fuzz_$target" "$grown" "$seeds" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
      -print_final_stats=1 -artifact_prefix="build-fuzz/artifacts/$target-" >"$log" 2>&1; then
    status=1
    echo "fuzz_$target: FAILED, see $log and build-fuzz/artifacts/"
    grep -m3 -E "ERROR|SUMMARY|runtime error" "$log" || true
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  echo "fuzz_$target: ${runs:-?} executions in $(( $(date +%s) - started )) s, corpus $(ls "$grown" | wc -l) grown + $(ls "$seeds" | wc -l) seeds"
done
exit $status
