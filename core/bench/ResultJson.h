// Benchmark results as JSON: the format `fftscope-cli bench --json` writes and the GUI opens to
// overlay a saved run. Numbers that were not measured are null.
//   {"format": "fftscope-bench", "version": 1, "cancelled": false, "results": [
//     {"device", "driver", "date", "variant", "precision", "dims", "shape": [cols] or [rows, cols],
//      "batch", "points", "verified", "rel_l2", "l2_gate", "error" (failed cases only),
//      "host_ms": {"q1", "median", "q3"}, "kernel_ms": {...}, "gflops", "gbs", "copy_gbs",
//      "copy_fraction", "passes": [{"label", "median_ms"}]}]}
#pragma once

#include "bench/BenchResult.h"

#include <string>
#include <string_view>

namespace fftscope::bench {

std::string toJson(const BenchReport& report);
// Read with the bounds of io/BoundedJson.h; every record's ranges checked (ResultChecks.h).
// Throws std::invalid_argument naming what is missing, of the wrong type or out of range.
BenchReport reportFromJson(std::string_view text);

}  // namespace fftscope::bench
