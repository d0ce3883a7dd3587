#include "video/DeviceVideoFilter.h"

#include "video/VideoFilter.h"

#include <algorithm>
#include <stdexcept>

namespace fftscope::video {

bool DeviceVideoFilter::handles(const VideoFilterSettings& s) {
  return s.padMode == imaging::PadMode::None && s.channelMode == imaging::ChannelMode::PerChannel &&
         s.range == imaging::OutputRange::Clip;
}

DeviceVideoFilter::DeviceVideoFilter(cl::DeviceContext& context, const VideoInfo& info,
                                     const VideoFilterSettings& settings, std::size_t batch, FrameLayout in,
                                     FrameLayout out)
    : context_(context) {
  if (!handles(settings))
    throw std::invalid_argument("frames are batched on the device only with no padding, each channel alone and clip");
  batch_ = std::make_unique<DeviceFrameBatch>(context, std::size_t(info.width), std::size_t(info.height),
                                              std::size_t(info.channels), std::max<std::size_t>(batch, 1), in, out);
  batch_->setMask(settings.spec);
}

DeviceVideoFilter::~DeviceVideoFilter() = default;

cl::PinnedHostBuffer DeviceVideoFilter::pinnedFrames(std::size_t frames, std::size_t bytes) const {
  return cl::PinnedHostBuffer(context_, std::max<std::size_t>(1, frames) * bytes);
}

void DeviceVideoFilter::run(std::span<const std::uint8_t* const> inputs, std::span<std::uint8_t* const> outputs) {
  if (inputs.empty()) return;
  batch_->filter(inputs, outputs);
  total_ += batch_->lastTimings();
}

}  // namespace fftscope::video
