#include "signal/LevelMeter.h"

#include "signal/OctaveBands.h"
#include "signal/Spectrum.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fftscope::signal {

const std::vector<ChannelLevel>& LevelMeter::process(std::span<const float> interleaved, int channels,
                                                     double sampleRate) {
  const auto c = std::size_t(std::max(channels, 1));
  if (levels_.size() != c) {
    levels_.assign(c, {});
    sinceClip_.assign(c, std::numeric_limits<double>::infinity());
  }
  const std::size_t frames = interleaved.size() / c;
  for (std::size_t ch = 0; ch < c; ++ch) {
    double peak = 0.0;
    double sum = 0.0;
    std::size_t lastClip = frames;  // none
    for (std::size_t i = 0; i < frames; ++i) {
      const double x = std::abs(double(interleaved[i * c + ch]));
      peak = std::max(peak, x);
      sum += x * x;
      if (x >= clipThreshold_) lastClip = i;
    }
    sinceClip_[ch] = lastClip < frames ? double(frames - 1 - lastClip) / sampleRate
                                       : sinceClip_[ch] + double(frames) / sampleRate;
    ChannelLevel& level = levels_[ch];
    level.peakDbfs = peak > 0.0 ? 20.0 * std::log10(peak) : kSpectrumFloorDb;
    level.rmsDbfs = frames ? meanSquareToDbfs(sum / double(frames)) : kSpectrumFloorDb;
    level.clipping = sinceClip_[ch] <= holdSeconds_;
  }
  return levels_;
}

void LevelMeter::reset() {
  levels_.clear();
  sinceClip_.clear();
}

}  // namespace fftscope::signal
