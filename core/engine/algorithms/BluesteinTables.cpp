#include "engine/algorithms/BluesteinTables.h"

#include "engine/algorithms/Rader.h"
#include "engine/reference/FftwReference.h"

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

std::vector<std::complex<long double>> raderFilter(std::size_t n, Direction direction) {
  const long double sign = direction == Direction::Forward ? -1.0L : 1.0L;
  const long double pi = 3.141592653589793238462643383279502884L;
  const std::vector<std::uint32_t> powers = raderPowers(n);
  const std::size_t count = n - 1;
  // b[m] = w^(g^-m) = w^(g^(N-m)): the powers read backwards.
  std::vector<std::complex<double>> b(count);
  std::vector<std::complex<long double>> exact(count);
  for (std::size_t m = 0; m < count; ++m) {
    const long double angle = 2.0L * pi * static_cast<long double>(powers[(count - m) % count]) / static_cast<long double>(n);
    exact[m] = {std::cos(angle), sign * std::sin(angle)};
    b[m] = std::complex<double>(exact[m]);
  }
  // The FFT in long double of b rounded to double would carry double's error into every filter
  // value; the DFT is linear, so the rounding's own transform is added back.
  std::vector<std::complex<double>> rest(count);
  for (std::size_t m = 0; m < count; ++m) rest[m] = std::complex<double>(exact[m] - std::complex<long double>(b[m]));
  std::vector<std::complex<long double>> filter = referenceTransform(b, 1, count, 1, false, direction);
  const std::vector<std::complex<long double>> correction = referenceTransform(rest, 1, count, 1, false, direction);
  for (std::size_t k = 0; k < count; ++k) {
    filter[k] += correction[k];
    if (direction == Direction::Forward) filter[k] /= static_cast<long double>(count);
  }
  return filter;
}

}  // namespace fftscope
