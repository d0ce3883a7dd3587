#include "video/DeviceVideoFilter.h"

#include "imaging/Mask.h"
#include "video/VideoFilter.h"

#include <algorithm>
#include <stdexcept>
#include <thread>

namespace fftscope::video {

namespace {

// Threads a frame's copy takes: a quarter of the cores, up to 4, since decoding and encoding run
// beside it.
unsigned copyParts() { return std::clamp(std::thread::hardware_concurrency() / 4, 1u, 4u); }

}  // namespace

bool DeviceVideoFilter::handles(const VideoFilterSettings& s) {
  return s.padMode == imaging::PadMode::None && s.channelMode == imaging::ChannelMode::PerChannel &&
         s.range == imaging::OutputRange::Clip;
}

DeviceVideoFilter::DeviceVideoFilter(cl::DeviceContext& context, const VideoInfo& info,
                                     const VideoFilterSettings& settings, std::size_t batch)
    : copies_(copyParts() - 1, copyParts()), info_(info) {
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
  copies_.copy(batch_->input(pending_++), frame.data(), frame.size());
}

void DeviceVideoFilter::run(std::vector<FrameSamples>& out) {
  const std::size_t frames = pending_;
  if (frames == 0) return;
  batch_->filter(frames);
  total_ += batch_->lastTimings();
  if (out.size() < frames) out.resize(frames);
  for (std::size_t b = 0; b < frames; ++b) {
    out[b].resize(batch_->frameBytes());
    copies_.copy(out[b].data(), batch_->output(b), batch_->frameBytes());
  }
  pending_ = 0;
}

}  // namespace fftscope::video
