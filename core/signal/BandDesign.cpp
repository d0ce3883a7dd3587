#include "signal/BandDesign.h"

#include <cmath>
#include <numbers>

namespace fftscope::signal {
namespace {

// The bilinear transform's pre-warping: the analog frequency (rad/s) that digital f maps onto.
double prewarped(double f, double sampleRate) {
  return 2.0 * sampleRate * std::tan(std::numbers::pi * f / sampleRate);
}

}  // namespace

double bandResponse(const imaging::BaseFilter& band, double f, double sampleRate) {
  const bool stop = band.kind == imaging::FilterKind::BandStop;
  if (band.shape == imaging::FilterShape::Ideal) {
    const bool inside = f >= band.cutoff && f <= band.upperCutoff;
    return inside != stop ? 1.0 : 0.0;
  }
  const double w = prewarped(std::abs(f), sampleRate);
  const double w1 = prewarped(band.cutoff, sampleRate);
  const double w2 = prewarped(band.upperCutoff, sampleRate);
  const double offset = w * w - w1 * w2;  // w^2 - w0^2
  const double wb = w * (w2 - w1);        // w B
  // Omega^2 for the band-pass; the band-stop's is its reciprocal. Its denominator is 0 only where
  // Omega is infinite (DC for the band-pass, the centre w0 for the band-stop): no gain there.
  const double numerator = stop ? wb * wb : offset * offset;
  const double denominator = stop ? offset * offset : wb * wb;
  if (denominator == 0.0) return 0.0;
  const double omega2 = numerator / denominator;
  if (band.shape == imaging::FilterShape::Gaussian) return std::exp2(-omega2 / 2.0);
  return 1.0 / std::sqrt(1.0 + std::pow(omega2, band.order));
}

}  // namespace fftscope::signal
