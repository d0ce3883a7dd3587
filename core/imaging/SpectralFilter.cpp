#include "imaging/SpectralFilter.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace fftscope::imaging {

Spectrum forwardSpectrum(const std::vector<float>& plane, const PadGeometry& geometry, PadMode mode,
                         FftBackend& fft) {
  const std::vector<float> padded = padPlane(plane, geometry, mode);
  Spectrum spectrum{geometry.paddedHeight, geometry.paddedWidth, {}};
  spectrum.bins.assign(padded.begin(), padded.end());
  fft.forward(spectrum.bins.data(), spectrum.rows, spectrum.cols);
  return spectrum;
}

std::vector<float> inverseFiltered(const Spectrum& spectrum, const Mask& mask, const PadGeometry& geometry,
                                   FftBackend& fft) {
  if (mask.rows != spectrum.rows || mask.cols != spectrum.cols || mask.values.size() != spectrum.bins.size())
    throw std::invalid_argument("mask of " + std::to_string(mask.rows) + " x " + std::to_string(mask.cols) +
                                " for a spectrum of " + std::to_string(spectrum.rows) + " x " +
                                std::to_string(spectrum.cols));
  std::vector<std::complex<float>> bins(spectrum.bins.size());
  for (std::size_t i = 0; i < bins.size(); ++i) bins[i] = spectrum.bins[i] * mask.values[i];
  fft.inverse(bins.data(), spectrum.rows, spectrum.cols);
  const float scale = 1.0f / float(bins.size());
  std::vector<float> padded(bins.size());
  for (std::size_t i = 0; i < bins.size(); ++i) padded[i] = bins[i].real() * scale;
  return cropPlane(std::move(padded), geometry);
}

std::vector<float> filterPlane(const std::vector<float>& plane, const PadGeometry& geometry, PadMode mode,
                               const Mask& mask, FftBackend& fft) {
  return inverseFiltered(forwardSpectrum(plane, geometry, mode, fft), mask, geometry, fft);
}

}  // namespace fftscope::imaging
