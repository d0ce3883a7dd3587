#include "signal/TimeWeighting.h"

#include <cmath>

namespace fftscope::signal {

std::string_view toString(TimeWeightingKind kind) {
  switch (kind) {
    case TimeWeightingKind::Fast: return "Fast";
    case TimeWeightingKind::Slow: return "Slow";
    case TimeWeightingKind::Impulse: return "Impulse";
  }
  return "?";
}

const std::vector<TimeWeightingKind>& allTimeWeightings() {
  static const std::vector<TimeWeightingKind> all{TimeWeightingKind::Fast, TimeWeightingKind::Slow,
                                                  TimeWeightingKind::Impulse};
  return all;
}

double riseTimeConstant(TimeWeightingKind kind) {
  switch (kind) {
    case TimeWeightingKind::Fast: return 0.125;
    case TimeWeightingKind::Slow: return 1.0;
    case TimeWeightingKind::Impulse: return 0.035;
  }
  return 0.125;
}

double decayTimeConstant(TimeWeightingKind kind) {
  return kind == TimeWeightingKind::Impulse ? 1.5 : riseTimeConstant(kind);
}

double TimeWeighting::step(double meanSquare, double seconds) {
  const double tau = meanSquare > value_ ? riseTimeConstant(kind_) : decayTimeConstant(kind_);
  // The exact solution of tau y' = x - y over the step, so frames of any length agree.
  value_ += (meanSquare - value_) * -std::expm1(-seconds / tau);
  return value_;
}

double TimeWeighting::process(std::span<const float> samples, double sampleRate) {
  const double dt = 1.0 / sampleRate;
  const double rise = -std::expm1(-dt / riseTimeConstant(kind_));
  const double decay = -std::expm1(-dt / decayTimeConstant(kind_));
  for (float s : samples) {
    const double x = double(s) * double(s);
    value_ += (x - value_) * (x > value_ ? rise : decay);
  }
  return value_;
}

void TimeWeightingBank::setKind(TimeWeightingKind kind) {
  if (kind == kind_) return;
  kind_ = kind;
  reset();
}

const std::vector<double>& TimeWeightingBank::step(std::span<const double> meanSquares, double seconds) {
  if (weights_.size() != meanSquares.size()) {
    weights_.assign(meanSquares.size(), TimeWeighting(kind_));
    // Start at the first input so a new band set does not rise from silence.
    for (std::size_t i = 0; i < meanSquares.size(); ++i) weights_[i].reset(meanSquares[i]);
    values_.assign(meanSquares.begin(), meanSquares.end());
    return values_;
  }
  for (std::size_t i = 0; i < meanSquares.size(); ++i) values_[i] = weights_[i].step(meanSquares[i], seconds);
  return values_;
}

}  // namespace fftscope::signal
