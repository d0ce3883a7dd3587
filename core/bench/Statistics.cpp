#include "bench/Statistics.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace fftscope::bench {

Quartiles quartiles(std::vector<double> values) {
  if (values.empty()) throw std::invalid_argument("quartiles of no measurements: at least one is needed");
  if (!std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); }))
    throw std::invalid_argument("quartiles of a measurement that is not a finite number");
  std::sort(values.begin(), values.end());
  auto at = [&](double fraction) {
    const double position = fraction * static_cast<double>(values.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, values.size() - 1);
    return values[below] + (position - static_cast<double>(below)) * (values[above] - values[below]);
  };
  return {at(0.25), at(0.5), at(0.75)};
}

}  // namespace fftscope::bench
