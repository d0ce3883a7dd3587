// Video frames through DeviceFrameBatch: frames in pinned memory of the device's context (a
// pipeline decodes into it and encodes from it) filtered on the device a batch at a time, with
// no copy on the host. It takes the settings a batch can do as the host filter does (no padding,
// each channel filtered alone, clipped to the frame's range, 8-bit): handles() says whether these
// settings are such.
#pragma once

#include "engine/cl/PinnedHostBuffer.h"
#include "imaging/device/DeviceFrameBatch.h"
#include "video/VideoFile.h"

#include <cstdint>
#include <memory>
#include <span>

namespace fftscope::video {

struct VideoFilterSettings;

class DeviceVideoFilter {
 public:
  static bool handles(const VideoFilterSettings& settings);

  // Frames of the video's size and channels, `batch` at a time (at least 1), coming in as `in`
  // and going out as `out`. Throws std::invalid_argument for settings it does not handle or
  // frames the device cannot transform.
  DeviceVideoFilter(cl::DeviceContext& context, const VideoInfo& info, const VideoFilterSettings& settings,
                    std::size_t batch, FrameLayout in = {}, FrameLayout out = {});
  ~DeviceVideoFilter();

  std::size_t batch() const { return batch_->batch(); }
  std::size_t inputBytes() const { return batch_->inputBytes(); }
  std::size_t outputBytes() const { return batch_->outputBytes(); }
  // Pinned memory of the device's context for `frames` frames of `bytes` each.
  cl::PinnedHostBuffer pinnedFrames(std::size_t frames, std::size_t bytes) const;
  // Filters the frames at `inputs` into `outputs`, one for one (up to batch(), inputBytes() and
  // outputBytes() each), straight from and into the caller's memory (pinned memory from pinnedFrames goes
  // at the bus's full speed); returns when the filtered frames are there.
  void run(std::span<const std::uint8_t* const> inputs, std::span<std::uint8_t* const> outputs);
  // Device time summed over every run.
  const FrameBatchTimings& timings() const { return total_; }

 private:
  cl::DeviceContext& context_;
  std::unique_ptr<DeviceFrameBatch> batch_;
  FrameBatchTimings total_;
};

}  // namespace fftscope::video
