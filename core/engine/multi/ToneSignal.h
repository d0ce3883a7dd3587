// A check of a huge transform without a reference transform, which would not fit the host beside
// it: the input is a few tones, x[n] = sum_t a_t * conj(w(f_t * n, N)), whose exact transform is
// a_t at k = f_t (times N forward) and 0 elsewhere; every output is compared with that.
#pragma once

#include "engine/description/FftTypes.h"

#include <complex>
#include <cstdint>
#include <span>
#include <vector>

namespace fftscope::multi {

struct Tone {
  std::uint64_t frequency = 0;
  std::complex<double> amplitude;
};

// `count` tones of distinct frequencies below n and amplitudes of modulus up to 1, from the seed.
std::vector<Tone> someTones(std::uint64_t n, unsigned count, std::uint64_t seed);

template <typename T>
void writeTones(std::span<std::complex<T>> x, std::span<const Tone> tones, Direction direction);

// ||X - exact|| / ||exact||, the relative L2 error of a transform of writeTones's input.
template <typename T>
double toneError(std::span<const std::complex<T>> transform, std::span<const Tone> tones, Direction direction);

}  // namespace fftscope::multi
