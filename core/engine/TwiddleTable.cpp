#include "engine/TwiddleTable.h"

#include <cmath>

namespace fftscope {
namespace {

template <typename T>
std::vector<std::complex<T>> makeTable(std::size_t n, Direction direction) {
  const long double sign = direction == Direction::Forward ? -1.0L : 1.0L;
  const long double twoPi = 6.283185307179586476925286766559005768L;
  std::vector<std::complex<T>> table(n);
  for (std::size_t j = 0; j < n; ++j) {
    long double angle = twoPi * static_cast<long double>(j) / static_cast<long double>(n);
    table[j] = {static_cast<T>(std::cos(angle)), static_cast<T>(sign * std::sin(angle))};
  }
  return table;
}

}  // namespace

std::vector<std::complex<float>> twiddleTableF32(std::size_t n, Direction d) { return makeTable<float>(n, d); }
std::vector<std::complex<double>> twiddleTableF64(std::size_t n, Direction d) { return makeTable<double>(n, d); }

}  // namespace fftscope
