#include "signal/SpectrumAveraging.h"

#include <algorithm>
#include <cmath>

namespace fftscope::signal {

std::string_view toString(LiveAveraging mode) {
  switch (mode) {
    case LiveAveraging::None: return "None";
    case LiveAveraging::Exponential: return "Exponential";
    case LiveAveraging::PeakHold: return "Peak hold";
    case LiveAveraging::MinHold: return "Min hold";
  }
  return "?";
}

const std::vector<LiveAveraging>& allLiveAveragings() {
  static const std::vector<LiveAveraging> all{LiveAveraging::None, LiveAveraging::Exponential, LiveAveraging::PeakHold,
                                              LiveAveraging::MinHold};
  return all;
}

void SpectrumAveraging::setMode(LiveAveraging mode) {
  if (mode == mode_) return;
  mode_ = mode;
  reset();
}

const std::vector<double>& SpectrumAveraging::add(std::span<const double> power, double framePeriod) {
  if (state_.size() != power.size() || mode_ == LiveAveraging::None) {
    state_.assign(power.begin(), power.end());
    return state_;
  }
  switch (mode_) {
    case LiveAveraging::Exponential: {
      const double a = -std::expm1(-framePeriod / timeConstant_);
      for (std::size_t k = 0; k < power.size(); ++k) state_[k] += a * (power[k] - state_[k]);
      break;
    }
    case LiveAveraging::PeakHold:
      for (std::size_t k = 0; k < power.size(); ++k) state_[k] = std::max(state_[k], power[k]);
      break;
    case LiveAveraging::MinHold:
      for (std::size_t k = 0; k < power.size(); ++k) state_[k] = std::min(state_[k], power[k]);
      break;
    case LiveAveraging::None: break;
  }
  return state_;
}

}  // namespace fftscope::signal
