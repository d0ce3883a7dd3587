// Frames of the filter's device pipeline in pinned memory of the device's context, a slot a frame,
// each taken by the stage that fills it and given back by the one that empties it: the decoder
// converts straight into an input slot, the device reads its batch from there and writes into
// output slots, the encoder converts from there, so no frame is copied on the host. Slots are
// pinned as they are first needed, up to a count, so that a short file of large frames pins
// only what it uses.
#pragma once

#include "engine/cl/PinnedHostBuffer.h"
#include "video/DeviceVideoFilter.h"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace fftscope::video {

class FrameSlots {
 public:
  // `count` slots of `bytes` each.
  FrameSlots(const DeviceVideoFilter& filter, std::size_t count, std::size_t bytes)
      : filter_(filter), count_(count), bytes_(bytes) {
    made_.reserve(count);
  }

  // A free slot, pinned now where none is free and fewer than the count exist; waits while all
  // are taken; null once aborted.
  std::uint8_t* take() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return aborted_ || !free_.empty() || made_.size() < count_; });
    if (aborted_) return nullptr;
    if (free_.empty()) {
      made_.push_back(filter_.pinnedFrames(1, bytes_));
      return static_cast<std::uint8_t*>(made_.back().data());
    }
    std::uint8_t* slot = free_.back();
    free_.pop_back();
    return slot;
  }

  void give(std::uint8_t* slot) {
    std::lock_guard lock(mutex_);
    free_.push_back(slot);
    changed_.notify_one();
  }

  // Ends every wait in take(), now and later.
  void abort() {
    std::lock_guard lock(mutex_);
    aborted_ = true;
    changed_.notify_all();
  }

 private:
  const DeviceVideoFilter& filter_;
  std::size_t count_, bytes_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<cl::PinnedHostBuffer> made_;
  std::vector<std::uint8_t*> free_;
  bool aborted_ = false;
};

}  // namespace fftscope::video
