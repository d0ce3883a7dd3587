// Averaging of successive power spectra for a live view: none (the latest), exponential (each new
// spectrum weighs 1 - exp(-frame period / time constant)), peak hold (the largest so far, per bin)
// or min hold (the smallest). reset() starts over; a change of length starts over too.
#pragma once

#include <span>
#include <string_view>
#include <vector>

namespace fftscope::signal {

enum class LiveAveraging { None, Exponential, PeakHold, MinHold };

std::string_view toString(LiveAveraging);  // "None", "Exponential", "Peak hold", "Min hold"
const std::vector<LiveAveraging>& allLiveAveragings();

class SpectrumAveraging {
 public:
  void setMode(LiveAveraging mode);
  LiveAveraging mode() const { return mode_; }
  // The exponential average's time constant in seconds (> 0).
  void setTimeConstant(double seconds) { timeConstant_ = seconds; }

  // Adds one spectrum covering `framePeriod` seconds of new input; returns the averaged spectrum.
  const std::vector<double>& add(std::span<const double> power, double framePeriod);
  const std::vector<double>& current() const { return state_; }
  void reset() { state_.clear(); }

 private:
  LiveAveraging mode_ = LiveAveraging::None;
  double timeConstant_ = 0.5;
  std::vector<double> state_;
};

}  // namespace fftscope::signal
