#include "imaging/SpectrumDisplay.h"

#include "imaging/SpectrumLayout.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace fftscope::imaging {

std::vector<float> spectrumQuantity(const Spectrum& spectrum, SpectrumQuantity quantity, bool centred) {
  std::vector<float> values(spectrum.bins.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::complex<float> z = spectrum.bins[i];
    switch (quantity) {
      case SpectrumQuantity::LogMagnitude: values[i] = std::log1p(std::abs(z)); break;
      case SpectrumQuantity::Magnitude: values[i] = std::abs(z); break;
      case SpectrumQuantity::Power: values[i] = std::norm(z); break;
      case SpectrumQuantity::Phase: values[i] = std::arg(z); break;
    }
  }
  return centred ? fftShift(values, spectrum.rows, spectrum.cols) : values;
}

RgbImage renderSpectrum(const Spectrum& spectrum, const DisplaySettings& settings) {
  return renderQuantity(spectrumQuantity(spectrum, settings.quantity, settings.centred), spectrum.rows, spectrum.cols,
                        settings);
}

RgbImage renderQuantity(const std::vector<float>& values, int rows, int cols, const DisplaySettings& settings) {
  if (!(settings.blackLevel < settings.whiteLevel))
    throw std::invalid_argument("the black level must lie below the white level");
  if (!(settings.gamma > 0.0)) throw std::invalid_argument("gamma must be positive");
  if (values.size() != std::size_t(rows) * std::size_t(cols))
    throw std::invalid_argument(std::to_string(values.size()) + " values for a " + std::to_string(rows) + " x " +
                                std::to_string(cols) + " display");
  double lo = -std::numbers::pi, hi = std::numbers::pi;
  if (settings.quantity != SpectrumQuantity::Phase && !values.empty()) {
    const auto [min, max] = std::minmax_element(values.begin(), values.end());
    lo = *min;
    hi = *max;
  }
  const double range = hi > lo ? hi - lo : 1.0;
  const double window = settings.whiteLevel - settings.blackLevel;
  const ColourTable& table = colourTable(settings.colourMap);

  RgbImage image{cols, rows, std::vector<std::uint8_t>(values.size() * 3)};
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double t = std::clamp(((values[i] - lo) / range - settings.blackLevel) / window, 0.0, 1.0);
    const Rgb& colour = table[std::size_t(std::lround(std::pow(t, settings.gamma) * 255.0))];
    std::copy(colour.begin(), colour.end(), image.rgb.begin() + std::ptrdiff_t(i * 3));
  }
  return image;
}

}  // namespace fftscope::imaging
