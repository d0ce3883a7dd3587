#include "signal/OctaveBands.h"

#include "signal/Spectrum.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace fftscope::signal {
namespace {

const double kOctaveRatio = std::pow(10.0, 0.3);

double midBand(int fraction, long x) {
  const double exponent = fraction % 2 == 1 ? double(x) / fraction : double(2 * x + 1) / (2.0 * fraction);
  return 1000.0 * std::pow(kOctaveRatio, exponent);
}

}  // namespace

const std::vector<int>& octaveFractions() {
  static const std::vector<int> fractions{1, 3, 6, 12, 24};
  return fractions;
}

std::vector<OctaveBand> octaveBands(int fraction, double lowest, double highest, double nyquist) {
  const auto& offered = octaveFractions();
  if (std::find(offered.begin(), offered.end(), fraction) == offered.end())
    throw std::invalid_argument("octave fraction 1/" + std::to_string(fraction) + " is not one of 1, 3, 6, 12, 24");
  if (!(lowest > 0.0) || !(highest >= lowest) || !std::isfinite(highest))
    throw std::invalid_argument("octave band limits must be positive and in order");
  const double half = std::pow(kOctaveRatio, 1.0 / (2.0 * fraction));
  // x from the band at or below `lowest`; the mid-band frequencies grow by G^(1/b) a step.
  long x = long(std::floor(fraction * std::log(lowest / 1000.0) / std::log(kOctaveRatio))) - 1;
  std::vector<OctaveBand> bands;
  for (;; ++x) {
    const double fm = midBand(fraction, x);
    if (fm > highest * (1.0 + 1e-9)) break;
    if (fm < lowest * (1.0 - 1e-9)) continue;
    if (nyquist > 0.0 && fm * half > nyquist) break;
    bands.push_back({fm / half, fm, fm * half});
  }
  return bands;
}

std::vector<double> bandPowers(std::span<const double> binPower, double binWidth, std::span<const OctaveBand> bands,
                               FrequencyWeighting weighting) {
  std::vector<double> out(bands.size(), 0.0);
  if (binPower.empty() || !(binWidth > 0.0)) return out;
  const double last = double(binPower.size() - 1);
  for (std::size_t b = 0; b < bands.size(); ++b) {
    // Bins whose span [k - 1/2, k + 1/2) meets the band's edges.
    const double lo = bands[b].low / binWidth;
    const double hi = bands[b].high / binWidth;
    const auto first = std::size_t(std::max(0.0, std::floor(lo + 0.5)));
    const auto end = std::size_t(std::min(last, std::floor(hi + 0.5)));
    double sum = 0.0;
    for (std::size_t k = first; k <= end && k < binPower.size(); ++k) {
      const double share = std::min(double(k) + 0.5, hi) - std::max(double(k) - 0.5, lo);
      if (share <= 0.0) continue;
      sum += binPower[k] * share * weightingPowerGain(weighting, double(k) * binWidth);
    }
    out[b] = sum;
  }
  return out;
}

std::vector<double> binPowerFromMagnitudes(std::span<const double> squaredMagnitudes, std::size_t fftSize,
                                           double windowSquareSum) {
  std::vector<double> power(squaredMagnitudes.size());
  const double scale = 1.0 / (double(fftSize) * windowSquareSum);
  for (std::size_t k = 0; k < power.size(); ++k) {
    const bool edge = k == 0 || (fftSize % 2 == 0 && k == fftSize / 2);
    power[k] = (edge ? 1.0 : 2.0) * squaredMagnitudes[k] * scale;
  }
  return power;
}

double meanSquareToDbfs(double meanSquare) {
  return meanSquare > 0.0 ? 10.0 * std::log10(2.0 * meanSquare) : kSpectrumFloorDb;
}

}  // namespace fftscope::signal
