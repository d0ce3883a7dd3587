// Video frames through DeviceFrameBatch: decoded FrameSamples gathered into a batch in pinned
// memory, filtered on the device together, and handed back as FrameSamples. It takes the settings
// a batch can do as the host filter does (no padding, each channel filtered alone, clipped to the
// frame's range, 8-bit): handles() says whether these settings are such.
#pragma once

#include "engine/cl/HostThreadPool.h"
#include "imaging/device/DeviceFrameBatch.h"
#include "video/VideoFile.h"

#include <memory>
#include <vector>

namespace fftscope::video {

struct VideoFilterSettings;

class DeviceVideoFilter {
 public:
  static bool handles(const VideoFilterSettings& settings);

  // Frames of the video's size and channels, `batch` at a time (at least 1). Throws
  // std::invalid_argument for settings it does not handle or frames the device cannot transform.
  DeviceVideoFilter(cl::DeviceContext& context, const VideoInfo& info, const VideoFilterSettings& settings,
                    std::size_t batch);
  ~DeviceVideoFilter();

  std::size_t batch() const { return batch_->batch(); }
  std::size_t pending() const { return pending_; }
  bool full() const { return pending_ == batch_->batch(); }
  // Copies the frame (the video's size and channels) into the next place, on a few threads.
  void add(const FrameSamples& frame);
  // Filters the frames added since the last run, in their order, into `out`: its first elements
  // are reused (a recycled frame's memory is not allocated and touched again), more are added.
  void run(std::vector<FrameSamples>& out);
  // Device time summed over every run.
  const FrameBatchTimings& timings() const { return total_; }

 private:
  std::unique_ptr<DeviceFrameBatch> batch_;
  // The copies into and out of the pinned batch, a frame in a few parts at once: one thread's
  // memcpy of a 1080p colour frame (6 MB) takes about 1 ms, more than its share of the device's time.
  cl::HostThreadPool copies_;
  VideoInfo info_;
  std::size_t pending_ = 0;
  FrameBatchTimings total_;
};

}  // namespace fftscope::video
