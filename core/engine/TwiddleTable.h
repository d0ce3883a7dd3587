// The host twiddle table w(j, n) = exp(-+2*pi*i*j/n), j < n, computed in long double and rounded
// once to the plan's precision.
#pragma once

#include "engine/FftTypes.h"

#include <complex>
#include <vector>

namespace fftscope {

std::vector<std::complex<float>> twiddleTableF32(std::size_t n, Direction direction);
std::vector<std::complex<double>> twiddleTableF64(std::size_t n, Direction direction);

}  // namespace fftscope
