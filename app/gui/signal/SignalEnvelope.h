// One channel (or the mix) of a signal as the time plot draws it: the samples, plus their minimum
// and maximum over blocks of 64, 256, 1024, ... samples, so that any view of an hour of audio is
// drawn from a few blocks per pixel instead of every sample.
#pragma once

#include "signal/Signal.h"

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace fftscope::gui {

using SignalPtr = std::shared_ptr<const signal::Signal>;

class SignalEnvelope {
 public:
  // channel < 0: the mix of all channels.
  SignalEnvelope(SignalPtr signal, int channel);

  std::span<const float> samples() const;
  double sampleRate() const { return signal_->sampleRate; }
  float peak() const { return peak_; }  // the largest |sample|

  // Minimum and maximum of each of `pixels` columns spanning samples [first, last).
  void columns(double first, double last, int pixels, std::vector<float>& lo, std::vector<float>& hi) const;

 private:
  struct Level {
    std::size_t block = 0;
    std::vector<float> lo, hi;
  };

  SignalPtr signal_;
  int channel_ = 0;
  std::vector<float> mix_;  // only for the mix of several channels
  std::vector<Level> levels_;
  float peak_ = 0.0f;
};

using EnvelopePtr = std::shared_ptr<const SignalEnvelope>;

}  // namespace fftscope::gui
