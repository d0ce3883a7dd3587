// Benchmark results as CSV (RFC 4180: a header row, then one row per record; fields holding a
// comma, a quote or a line break are quoted), for spreadsheets and plotting scripts. Numbers are
// written in the C locale with enough digits to read back the same double; an unmeasured number is
// an empty field. The per-pass breakdown takes two fields, labels and milliseconds, each joined
// by '|'. Only the records are kept: a CSV file does not say whether the sweep was cancelled.
#pragma once

#include "bench/BenchResult.h"

#include <string>
#include <string_view>

namespace fftscope::bench {

std::string toCsv(const BenchReport& report);
// Throws std::invalid_argument naming the line and the column that cannot be read.
BenchReport reportFromCsv(std::string_view text);

}  // namespace fftscope::bench
