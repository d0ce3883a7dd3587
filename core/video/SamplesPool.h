// Frame buffers the last stage of the video pipeline hands back for the first to fill again. A
// 1080p frame's 6 MB newly allocated is some 1,500 pages the kernel zeroes on their first touch,
// in the decoder's and the filter's time; a buffer used again has its pages already.
#pragma once

#include "video/VideoFile.h"

#include <cstddef>
#include <mutex>
#include <vector>

namespace fftscope::video {

class SamplesPool {
 public:
  // Keeps at most `keep` buffers; those given beyond are freed.
  explicit SamplesPool(std::size_t keep) : keep_(keep) {}

  // A buffer given back earlier, or an empty one.
  FrameSamples take() {
    std::lock_guard lock(mutex_);
    if (free_.empty()) return {};
    FrameSamples samples = std::move(free_.back());
    free_.pop_back();
    return samples;
  }

  void give(FrameSamples&& samples) {
    std::lock_guard lock(mutex_);
    if (free_.size() < keep_) free_.push_back(std::move(samples));
  }

 private:
  std::size_t keep_;
  std::mutex mutex_;
  std::vector<FrameSamples> free_;
};

}  // namespace fftscope::video
