// Downloads into pageable host memory at the bus's pinned speed and beside the device's work,
// StagedUpload's other direction on a ring and queue of its own (StagingRing.h): start() enqueues
// the reads of a buffer's range into the free pinned chunks after the given events (the kernels
// that write it) and returns; drain() copies each chunk out as it arrives, on several threads, and
// reads the rest into the chunks it frees. Between the two, and between drainNext()'s steps, the
// caller's thread is free to stage an upload, so that both directions and the host's copies overlap.
//
// One thread at a time, like the DeviceContext it uses; one range in flight at a time.
#pragma once

#include "engine/cl/StagingRing.h"

#include <cstddef>
#include <deque>
#include <span>

namespace fftscope::cl {

class StagedDownload {
 public:
  explicit StagedDownload(const DeviceContext& context, std::size_t chunkBytes = std::size_t{8} << 20,
                          std::size_t chunks = 4, HostThreadPool* pool = nullptr);

  // Reads `bytes` of `buffer` from `offset` on, after the events in `after`, into the chunks free now.
  void start(cl_mem buffer, std::size_t bytes, std::span<const cl_event> after = {}, std::size_t offset = 0);
  // Copies the range start() took into `data`, and returns once all of it is there.
  void drain(void* data);
  // Copies the oldest chunk read into its place in `data` and reads the next into the chunk it
  // frees: a step of drain(), for a caller that stages an upload between steps. Returns the bytes
  // copied, 0 where the range is all out.
  std::size_t drainNext(void* data);
  // start() and drain() at once.
  void read(cl_mem buffer, void* data, std::size_t bytes, std::span<const cl_event> after = {}, std::size_t offset = 0);

  // The host's copies into (or out of) the pinned chunks so far (StagingRing.h).
  const StagingRing& ring() const { return ring_; }

 private:
  struct Pending {
    StagingRing::Slot* slot;
    std::size_t begin, bytes;
  };
  void enqueueNext(std::span<const cl_event> after);

  StagingRing ring_;
  cl_mem buffer_ = nullptr;
  std::size_t offset_ = 0, bytes_ = 0, issued_ = 0;
  std::deque<Pending> pending_;  // reads enqueued and not yet copied out, oldest first
};

}  // namespace fftscope::cl
