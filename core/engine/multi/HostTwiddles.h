// Twiddles w(e, n) = exp(sign * 2*pi*i * e / n) for any e, made on the host while staging: the
// product of two tables of about sqrt(n) entries each, computed in long double, so that a twiddle
// of a 2^32-point transform is within two double roundings of the exact value while the tables
// stay in the cache.
#pragma once

#include "engine/description/FftTypes.h"

#include <complex>
#include <cstdint>
#include <vector>

namespace fftscope::multi {

// a * b as the formula, without the library's checks for infinities and NaNs (a call each, which
// would set the pace of staging).
inline std::complex<double> times(std::complex<double> a, std::complex<double> b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

class HostTwiddles {
 public:
  HostTwiddles(std::uint64_t n, Direction direction);
  std::complex<double> operator()(std::uint64_t e) const {
    if (e >= n_) e %= n_;  // a division only where needed: staging takes one a point
    return times(coarse_[e >> shift_], fine_[e & (fine_.size() - 1)]);
  }

 private:
  std::uint64_t n_;
  unsigned shift_ = 0;
  std::vector<std::complex<double>> coarse_;  // w(j * 2^shift, n)
  std::vector<std::complex<double>> fine_;    // w(j, n), j < 2^shift
};

}  // namespace fftscope::multi
