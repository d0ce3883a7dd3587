// The ranges a benchmark result read from a file must keep, whatever its format (JSON or CSV):
// one or two dimensions, sides and batch of at least 1 whose product is the points and does not
// overflow, times and rates that are not negative (NaN where not measured). Checked after each
// record is read, so that nothing later sizes, divides or draws from a number that makes no sense.
#pragma once

#include "bench/BenchResult.h"

#include <cstddef>

namespace fftscope::bench {

// The largest file of results read back (a sweep of every variant and size is about 1 MB).
inline constexpr std::size_t kMaxResultFileBytes = std::size_t{64} << 20;

// Throws std::invalid_argument naming the field: "field 'batch' is 0, not 1 or more".
void checkResult(const BenchResult& result);

}  // namespace fftscope::bench
