// Benchmark results as JSON, from any bytes: refused with std::invalid_argument, or read into
// records whose every field is in range (ResultChecks.h) and that write and read back the same.
#include "bench/ResultChecks.h"
#include "bench/ResultJson.h"

#include <cstdint>
#include <stdexcept>
#include <string_view>

using namespace fftscope::bench;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  BenchReport report;
  try {
    report = reportFromJson(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const std::invalid_argument&) {
    return 0;
  }
  for (const BenchResult& r : report.results) checkResult(r);  // throws (a finding) when out of range
  const BenchReport back = reportFromJson(toJson(report));
  if (back.results.size() != report.results.size() || back.cancelled != report.cancelled) __builtin_trap();
  for (std::size_t i = 0; i < back.results.size(); ++i)
    if (!sameRecord(back.results[i], report.results[i])) __builtin_trap();
  return 0;
}
