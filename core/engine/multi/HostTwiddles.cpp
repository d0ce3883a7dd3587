#include "engine/multi/HostTwiddles.h"

#include <cmath>
#include <stdexcept>

namespace fftscope::multi {

namespace {

std::complex<double> turn(std::uint64_t e, std::uint64_t n, long double sign) {
  const long double angle = sign * 6.283185307179586476925286766559L * (static_cast<long double>(e) / n);
  return {static_cast<double>(std::cos(angle)), static_cast<double>(std::sin(angle))};
}

}  // namespace

HostTwiddles::HostTwiddles(std::uint64_t n, Direction direction) : n_(n) {
  if (n == 0) throw std::invalid_argument("twiddles of a 0-point transform");
  while ((std::uint64_t{1} << (2 * shift_)) < n) ++shift_;
  const long double sign = direction == Direction::Forward ? -1.0L : 1.0L;
  fine_.resize(std::size_t{1} << shift_);
  for (std::uint64_t j = 0; j < fine_.size(); ++j) fine_[j] = turn(j, n, sign);
  coarse_.resize(((n - 1) >> shift_) + 1);
  for (std::uint64_t j = 0; j < coarse_.size(); ++j) coarse_[j] = turn(j << shift_, n, sign);
}

}  // namespace fftscope::multi
