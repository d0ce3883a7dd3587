#include "image/ImageSpectrum.h"

#include <stdexcept>

namespace fftscope::gui {

imaging::Spectrum displaySpectrum(const imaging::SpectralImage& analysed) {
  if (analysed.planes.empty()) throw std::invalid_argument("an image without spectra");
  if (analysed.planes.size() != 3) return analysed.planes.front();
  // Rec. 601 weights, as imaging::luminancePlane.
  const float weights[3] = {0.299f, 0.587f, 0.114f};
  imaging::Spectrum y{analysed.planes[0].rows, analysed.planes[0].cols, {}};
  y.bins.assign(analysed.planes[0].bins.size(), {0.0f, 0.0f});
  for (int c = 0; c < 3; ++c) {
    const auto& bins = analysed.planes[std::size_t(c)].bins;
    for (std::size_t i = 0; i < bins.size(); ++i) y.bins[i] += weights[c] * bins[i];
  }
  return y;
}

imaging::RgbImage renderDisplaySpectrum(const imaging::SpectralImage& analysed, const imaging::DisplaySettings& settings) {
  if (analysed.planes.size() == 1) return imaging::renderSpectrum(analysed.planes.front(), settings);
  return imaging::renderSpectrum(displaySpectrum(analysed), settings);
}

imaging::SpectrumMagnitudes displayMagnitudes(const imaging::SpectralImage& analysed) {
  if (analysed.planes.size() == 1) return imaging::halfMagnitudesOf(analysed.planes.front());
  return imaging::halfMagnitudesOf(displaySpectrum(analysed));
}

}  // namespace fftscope::gui
