#include "imaging/SpectrumMagnitudes.h"

#include <cmath>
#include <stdexcept>

namespace fftscope::imaging {
namespace {

SpectrumMagnitudes magnitudes(const Spectrum& s, int keptCols) {
  if (s.rows <= 0 || s.cols <= 0 || s.bins.size() != std::size_t(s.rows) * std::size_t(s.cols))
    throw std::invalid_argument("magnitudes of an empty or inconsistent spectrum");
  SpectrumMagnitudes m{s.rows, s.cols, keptCols, std::vector<float>(std::size_t(s.rows) * std::size_t(keptCols))};
  for (std::size_t y = 0; y < std::size_t(s.rows); ++y)
    for (std::size_t x = 0; x < std::size_t(keptCols); ++x)
      m.values[y * std::size_t(keptCols) + x] = std::abs(s.bins[y * std::size_t(s.cols) + x]);
  return m;
}

}  // namespace

SpectrumMagnitudes magnitudesOf(const Spectrum& spectrum) { return magnitudes(spectrum, spectrum.cols); }

SpectrumMagnitudes halfMagnitudesOf(const Spectrum& spectrum) { return magnitudes(spectrum, spectrum.cols / 2 + 1); }

}  // namespace fftscope::imaging
