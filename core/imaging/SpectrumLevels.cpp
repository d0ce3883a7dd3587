#include "imaging/SpectrumLevels.h"

#include <algorithm>
#include <cmath>

namespace fftscope::imaging {

// Over the values kept: a half spectrum's mirrored bins have the same magnitudes.
MagnitudeRange magnitudeRange(const SpectrumMagnitudes& spectrum) {
  MagnitudeRange r{INFINITY, 0.0};
  for (const float m : spectrum.values) {
    r.min = std::min(r.min, double(m));
    r.max = std::max(r.max, double(m));
  }
  if (spectrum.values.empty()) r.min = 0.0;
  return r;
}

MagnitudeRange magnitudeRange(const Spectrum& spectrum) {
  MagnitudeRange r{INFINITY, 0.0};
  for (const std::complex<float>& z : spectrum.bins) {
    const double m = std::abs(z);
    r.min = std::min(r.min, m);
    r.max = std::max(r.max, m);
  }
  if (spectrum.bins.empty()) r.min = 0.0;
  return r;
}

std::optional<double> displayPosition(const DisplaySettings& s, const MagnitudeRange& range, double magnitude) {
  auto quantity = [&s](double m) {
    switch (s.quantity) {
      case SpectrumQuantity::LogMagnitude: return std::log1p(m);
      case SpectrumQuantity::Magnitude: return m;
      case SpectrumQuantity::Power: return m * m;
      case SpectrumQuantity::Phase: break;
    }
    return 0.0;
  };
  if (s.quantity == SpectrumQuantity::Phase) return std::nullopt;
  const double lo = quantity(range.min), hi = quantity(range.max);
  const double t = ((quantity(magnitude) - lo) / (hi > lo ? hi - lo : 1.0) - s.blackLevel) / (s.whiteLevel - s.blackLevel);
  if (t < -1e-9 || t > 1.0 + 1e-9) return std::nullopt;
  return std::pow(std::clamp(t, 0.0, 1.0), s.gamma);
}

double magnitudeOfLevel(double levelDb, int rows, int cols) {
  return double(rows) * double(cols) * std::pow(10.0, levelDb / 20.0);
}

}  // namespace fftscope::imaging
