// The forward FFT of one padded plane: rows x cols complex bins, row-major, unshifted layout
// (SpectrumLayout.h), unscaled (the DC bin holds the sum of the samples).
#pragma once

#include <complex>
#include <vector>

namespace fftscope::imaging {

struct Spectrum {
  int rows = 0;
  int cols = 0;
  std::vector<std::complex<float>> bins;
};

}  // namespace fftscope::imaging
