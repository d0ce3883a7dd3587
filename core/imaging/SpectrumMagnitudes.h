// |X| of a spectrum's bins: what the readout, the profiles, peak snapping, the colour bar and auto
// notch read. The spectrum of a real plane is Hermitian (|X[-ky][-kx]| = |X[ky][kx]|), so the
// magnitudes of its half spectrum (bins kx = 0 .. cols/2 of each row, NumPy's rfft2 layout) stand
// for every bin in a quarter of the memory of the complex spectrum.
#pragma once

#include "imaging/Spectrum.h"

#include <complex>
#include <cstddef>
#include <vector>

namespace fftscope::imaging {

struct SpectrumMagnitudes {
  int rows = 0;
  int cols = 0;      // of the whole spectrum
  int keptCols = 0;  // cols, or cols / 2 + 1 for the magnitudes of a half spectrum
  std::vector<float> values;  // rows * keptCols, row-major, unshifted

  bool empty() const { return rows <= 0 || cols <= 0 || values.size() != std::size_t(rows) * std::size_t(keptCols); }
  // |X| of bin (binX, binY), unshifted indices within the spectrum.
  float at(int binX, int binY) const {
    if (binX < keptCols) return values[std::size_t(binY) * std::size_t(keptCols) + std::size_t(binX)];
    return values[std::size_t((rows - binY) % rows) * std::size_t(keptCols) + std::size_t(cols - binX)];
  }
};

// Every bin's magnitude.
SpectrumMagnitudes magnitudesOf(const Spectrum& spectrum);
// The half's magnitudes of a real plane's spectrum given whole.
SpectrumMagnitudes halfMagnitudesOf(const Spectrum& spectrum);

}  // namespace fftscope::imaging
