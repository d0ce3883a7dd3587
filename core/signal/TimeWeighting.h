// Exponential time weightings of IEC 61672-1: the mean square is smoothed by a first-order
// low-pass of time constant Fast 125 ms or Slow 1 s; Impulse rises with 35 ms and decays with
// 1.5 s. After the input stops, a level falls by 10 log10(e) / tau dB a second: Fast 34.7, Slow
// 4.3, Impulse 2.9. Steps may be one sample (process) or one analysis frame (step) long.
#pragma once

#include <span>
#include <string_view>
#include <vector>

namespace fftscope::signal {

enum class TimeWeightingKind { Fast, Slow, Impulse };

std::string_view toString(TimeWeightingKind);  // "Fast", "Slow", "Impulse"
const std::vector<TimeWeightingKind>& allTimeWeightings();
double riseTimeConstant(TimeWeightingKind);   // seconds
double decayTimeConstant(TimeWeightingKind);  // seconds

class TimeWeighting {
 public:
  explicit TimeWeighting(TimeWeightingKind kind = TimeWeightingKind::Fast) : kind_(kind) {}

  // Feeds a mean square held for `seconds`; returns the weighted mean square.
  double step(double meanSquare, double seconds);
  // Feeds samples at `sampleRate` one by one (their squares).
  double process(std::span<const float> samples, double sampleRate);

  double value() const { return value_; }
  TimeWeightingKind kind() const { return kind_; }
  void reset(double value = 0.0) { value_ = value; }

 private:
  TimeWeightingKind kind_;
  double value_ = 0.0;
};

// One TimeWeighting per band (or channel), stepped together.
class TimeWeightingBank {
 public:
  void setKind(TimeWeightingKind kind);
  TimeWeightingKind kind() const { return kind_; }
  // Resizes (and resets) when the count changes; returns the weighted values.
  const std::vector<double>& step(std::span<const double> meanSquares, double seconds);
  void reset() { weights_.clear(); values_.clear(); }

 private:
  TimeWeightingKind kind_ = TimeWeightingKind::Fast;
  std::vector<TimeWeighting> weights_;
  std::vector<double> values_;
};

}  // namespace fftscope::signal
