// The statistics a benchmark reports: median and quartiles of repeated measurements.
#pragma once

#include <vector>

namespace fftscope::bench {

struct Quartiles {
  double q1 = 0, median = 0, q3 = 0;
};

// Quartiles by linear interpolation between order statistics (NumPy's default, "type 7").
// Throws std::invalid_argument for an empty vector or one holding a value that is not finite:
// there is nothing honest to report then.
Quartiles quartiles(std::vector<double> values);

}  // namespace fftscope::bench
