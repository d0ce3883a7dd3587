// The host twiddle tables, one per pass, laid out so that neighbouring butterflies read
// neighbouring entries: w(m*k, radix*p) = exp(-+2*pi*i*m*k/(radix*p)) at [(m-1)*p + k] for
// m = 1 .. radix-1 and k < p. Computed in long double and rounded once to the plan's precision.
#pragma once

#include "engine/description/FftTypes.h"
#include "engine/description/PassInfo.h"

#include <complex>
#include <vector>

namespace fftscope {

// One Stockham pass's table; for a local_fft pass, its in-kernel passes' tables one after the
// other (the pass with sub-sequence length p starts at entry p - 1).
std::vector<std::complex<float>> passTwiddlesF32(const PassInfo& pass, Direction direction);
std::vector<std::complex<double>> passTwiddlesF64(const PassInfo& pass, Direction direction);

}  // namespace fftscope
