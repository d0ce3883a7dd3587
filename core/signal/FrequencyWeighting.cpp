#include "signal/FrequencyWeighting.h"

#include <cmath>
#include <limits>

namespace fftscope::signal {
namespace {

// IEC 61672-1 clause 5.5 and Annex E: the weighting poles in hertz.
constexpr double kF1 = 20.598997;
constexpr double kF2 = 107.65265;
constexpr double kF3 = 737.86223;
constexpr double kF4 = 12194.217;

// The unnormalised power responses |H(f)|^2.
double cPower(double f) {
  const double f2 = f * f;
  const double r = kF4 * kF4 * f2 / ((f2 + kF1 * kF1) * (f2 + kF4 * kF4));
  return r * r;
}

double aPower(double f) {
  const double f2 = f * f;
  const double r = kF4 * kF4 * f2 * f2 / ((f2 + kF1 * kF1) * std::sqrt((f2 + kF2 * kF2) * (f2 + kF3 * kF3)) * (f2 + kF4 * kF4));
  return r * r;
}

}  // namespace

std::string_view toString(FrequencyWeighting weighting) {
  switch (weighting) {
    case FrequencyWeighting::A: return "A";
    case FrequencyWeighting::C: return "C";
    case FrequencyWeighting::Z: return "Z";
  }
  return "?";
}

const std::vector<FrequencyWeighting>& allFrequencyWeightings() {
  static const std::vector<FrequencyWeighting> all{FrequencyWeighting::A, FrequencyWeighting::C, FrequencyWeighting::Z};
  return all;
}

double weightingPowerGain(FrequencyWeighting weighting, double hertz) {
  const double f = std::abs(hertz);
  switch (weighting) {
    case FrequencyWeighting::A: {
      static const double at1k = aPower(1000.0);
      return aPower(f) / at1k;
    }
    case FrequencyWeighting::C: {
      static const double at1k = cPower(1000.0);
      return cPower(f) / at1k;
    }
    case FrequencyWeighting::Z: return 1.0;
  }
  return 1.0;
}

double weightingDb(FrequencyWeighting weighting, double hertz) {
  const double gain = weightingPowerGain(weighting, hertz);
  return gain > 0.0 ? 10.0 * std::log10(gain) : -std::numeric_limits<double>::infinity();
}

}  // namespace fftscope::signal
