// The host tables of a Bluestein pass: the chirp c[j] = exp(-+i*pi*j^2/n) with j^2 reduced
// modulo 2n in integers (so its error does not grow with n), and the filter FFT(b) / m of the
// chirp's conjugate laid out for a circular convolution of m points (see kernels/bluestein.cl).
// Computed in long double and rounded once to the plan's precision.
#pragma once

#include "engine/description/FftTypes.h"

#include <complex>
#include <cstddef>
#include <vector>

namespace fftscope {

std::vector<std::complex<long double>> bluesteinChirp(std::size_t n, Direction direction);
std::vector<std::complex<long double>> bluesteinFilter(std::size_t n, std::size_t m, Direction direction);
// Rader's filter for a prime n (Rader.h): FFT(b) / (n - 1) in the plan's direction, b[m] = w^(g^-m).
std::vector<std::complex<long double>> raderFilter(std::size_t n, Direction direction);

template <typename T>
std::vector<std::complex<T>> roundedTo(const std::vector<std::complex<long double>>& values) {
  return std::vector<std::complex<T>>(values.begin(), values.end());
}

}  // namespace fftscope
