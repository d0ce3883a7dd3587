// One measured case as a plain record: what ran, whether its output matched FFTW, how long it
// took. The JSON and CSV files hold exactly these fields; a time that was not measured (a case
// that failed verification, or a peer whose launches give no profiling events) is NaN here and
// null (JSON) or empty (CSV) in files.
#pragma once

#include "bench/Statistics.h"

#include <cstddef>
#include <string>
#include <vector>

namespace fftscope::bench {

// The median kernel time of one pass of the plan, e.g. "stockham r2 p=4 n=256 rows=4096".
struct PassTime {
  std::string label;
  double medianMs = 0;
};

struct BenchResult {
  std::string device;
  std::string driver;
  std::string date;       // ISO 8601 UTC, e.g. 2026-11-23T08:30:44Z
  std::string variant;    // "r16", "r16/native", "auto/padded"; peers "clfft", "vkfft", "fftw"
  std::string precision;  // "f32" or "f64"
  int dims = 1;
  std::size_t rows = 1, cols = 0;  // the shape of one transform (rows = 1 in 1D)
  std::size_t batch = 1;
  std::size_t points = 0;          // rows · cols · batch: the points of the whole case
  bool verified = false;
  double relL2 = 0;                // relative L2 error of the first transform against FFTW
  double l2Gate = 0;               // the bound relL2 had to meet
  std::string error;               // why the case failed; empty when verified
  Quartiles hostMs;                // per transform, host clock around back-to-back enqueues
  Quartiles kernelMs;              // per transform, the sum of the plan's profiling events
  double gflops = 0;               // 5·N·log2 N·batch / host median
  double gbs = 0;                  // one read and one write of the data / host median
  double copyGbs = 0;              // the copy ceiling measured in the same run
  double copyFraction = 0;         // gbs / copyGbs
  std::vector<PassTime> passes;    // the engine's per-pass breakdown; empty for peers
};

// A sweep's results and how it ended.
struct BenchReport {
  std::vector<BenchResult> results;
  bool cancelled = false;
};

// Equality where NaN equals NaN: what a write followed by a read must give back.
bool sameRecord(const BenchResult& a, const BenchResult& b);

}  // namespace fftscope::bench
