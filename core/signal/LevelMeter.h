// Peak and RMS levels of interleaved blocks, per channel, in dBFS: peak 20 log10 max|x|, RMS
// 10 log10(2 mean x^2) so that a full-scale sine reads 0 dBFS on both (AES17). A sample at or
// above the clip threshold lights the channel's clip indicator, which stays lit for `holdSeconds`
// of input after the last clipped sample, or until reset.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace fftscope::signal {

struct ChannelLevel {
  double peakDbfs = -400.0;
  double rmsDbfs = -400.0;
  bool clipping = false;
};

class LevelMeter {
 public:
  explicit LevelMeter(double clipThreshold = 0.999, double holdSeconds = 2.0)
      : clipThreshold_(clipThreshold), holdSeconds_(holdSeconds) {}

  // Measures one block of `frames` x `channels` interleaved samples; returns its levels.
  const std::vector<ChannelLevel>& process(std::span<const float> interleaved, int channels, double sampleRate);
  const std::vector<ChannelLevel>& levels() const { return levels_; }
  void reset();

 private:
  double clipThreshold_;
  double holdSeconds_;
  std::vector<ChannelLevel> levels_;
  std::vector<double> sinceClip_;  // seconds of input since each channel last clipped
};

}  // namespace fftscope::signal
