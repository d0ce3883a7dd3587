#include "video/DeviceVideoFilter.h"

#include "imaging/Mask.h"
#include "video/VideoFilter.h"

#include <cstring>
#include <stdexcept>

namespace fftscope::video {

bool DeviceVideoFilter::handles(const VideoFilterSettings& s) {
  return s.padMode == imaging::PadMode::None && s.channelMode == imaging::ChannelMode::PerChannel &&
         s.range == imaging::OutputRange::Clip;
}

DeviceVideoFilter::DeviceVideoFilter(cl::DeviceContext& context, const VideoInfo& info,
                                     const VideoFilterSettings& settings, std::size_t batch)
    : info_(info) {
  if (!handles(settings))
    throw std::invalid_argument("frames are batched on the device only with no padding, each channel alone and clip");
  batch_ = std::make_unique<DeviceFrameBatch>(context, std::size_t(info.width), std::size_t(info.height),
                                              std::size_t(info.channels), std::max<std::size_t>(batch, 1));
  batch_->setMask(imaging::buildHalfMask(info.height, info.width, settings.spec));
}

DeviceVideoFilter::~DeviceVideoFilter() = default;

void DeviceVideoFilter::add(const FrameSamples& frame) {
  if (full()) throw std::logic_error("DeviceVideoFilter::add to a full batch");
  if (frame.size() != batch_->frameBytes())
    throw std::invalid_argument("a frame of " + std::to_string(frame.size()) + " samples in a video of " +
                                std::to_string(info_.width) + "x" + std::to_string(info_.height) + "x" +
                                std::to_string(info_.channels));
  std::memcpy(batch_->input(pending_++), frame.data(), frame.size());
}

void DeviceVideoFilter::run(std::vector<FrameSamples>& out) {
  const std::size_t frames = pending_;
  if (frames == 0) return;
  batch_->filter(frames);
  total_ += batch_->lastTimings();
  if (out.size() < frames) out.resize(frames);
  for (std::size_t b = 0; b < frames; ++b) {
    const std::uint8_t* samples = batch_->output(b);
    out[b].assign(samples, samples + batch_->frameBytes());
  }
  pending_ = 0;
}

}  // namespace fftscope::video
