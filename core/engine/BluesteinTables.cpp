#include "engine/BluesteinTables.h"

#include "engine/FftwReference.h"

#include <cmath>
#include <stdexcept>

namespace fftscope {

std::vector<std::complex<long double>> bluesteinChirp(std::size_t n, Direction direction) {
  const long double sign = direction == Direction::Forward ? -1.0L : 1.0L;
  const long double pi = 3.141592653589793238462643383279502884L;
  const unsigned long long period = 2ULL * n;
  std::vector<std::complex<long double>> chirp(n);
  for (std::size_t j = 0; j < n; ++j) {
    // j^2 mod 2n exactly: j < 2^28, so j*j fits in 64 bits.
    unsigned long long e = (static_cast<unsigned long long>(j) * j) % period;
    long double angle = pi * static_cast<long double>(e) / static_cast<long double>(n);
    chirp[j] = {std::cos(angle), sign * std::sin(angle)};
  }
  return chirp;
}

std::vector<std::complex<long double>> bluesteinFilter(std::size_t n, std::size_t m, Direction direction) {
  if (m < 2 * n - 1) throw std::invalid_argument("Bluestein needs m >= 2n - 1");
  std::vector<std::complex<long double>> chirp = bluesteinChirp(n, direction);
  std::vector<std::complex<double>> b(m);
  b[0] = std::complex<double>(std::conj(chirp[0]));
  for (std::size_t j = 1; j < n; ++j) b[j] = b[m - j] = std::complex<double>(std::conj(chirp[j]));
  // The FFT in the plan's direction, divided by m: FFTW in long double scales the inverse by
  // 1/m already.
  std::vector<std::complex<long double>> filter = referenceTransform(b, 1, m, 1, false, direction);
  if (direction == Direction::Forward)
    for (auto& v : filter) v /= static_cast<long double>(m);
  return filter;
}

}  // namespace fftscope
