// What staged copies between pageable host memory and a device take (StagedUpload.h,
// StagedDownload.h): a command queue of their own, so that the copies cross the bus beside the
// kernels on the context's queue, and a small ring of pinned chunks (PinnedHostBuffer.h), filled
// or drained on several host threads while the others' copies are in flight.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/cl/HostThreadPool.h"
#include "engine/cl/PinnedHostBuffer.h"

#include <cstddef>
#include <vector>

namespace fftscope::cl {

class StagingRing {
 public:
  // pool: the threads the host's copies take (shared by the devices' rings), or null for a few
  // threads of the ring's own started a copy.
  StagingRing(const DeviceContext& context, std::size_t chunkBytes, std::size_t chunks, HostThreadPool* pool,
              const char* what);
  StagingRing(const StagingRing&) = delete;
  StagingRing& operator=(const StagingRing&) = delete;
  ~StagingRing();  // waits for the copies in flight

  struct Slot {
    PinnedHostBuffer pinned;
    Event inFlight;  // the copy from or into it, until it is free again
  };
  // The next slot of the ring, once its last copy has ended.
  Slot& take();
  std::size_t chunks() const { return slots_.size(); }
  std::size_t chunkBytes() const { return chunkBytes_; }
  cl_command_queue queue() const { return queue_.get(); }
  const DeviceContext& context() const { return context_; }
  // The host's side of a chunk's copy, on several threads: one thread's memcpy (4-5 GB/s on the
  // H200's host) is slower than the bus.
  void copy(void* to, const void* from, std::size_t bytes);
  // Bytes the host has copied, and the seconds it took, since the ring was made.
  std::size_t copiedBytes() const { return copiedBytes_; }
  double copySeconds() const { return copySeconds_; }

 private:
  const DeviceContext& context_;
  Queue queue_;
  std::size_t chunkBytes_;
  HostThreadPool* pool_;
  unsigned copyThreads_;
  std::vector<Slot> slots_;
  std::size_t next_ = 0;
  std::size_t copiedBytes_ = 0;
  double copySeconds_ = 0;
};

// Waits for `event` where it is set, and clears it.
void waitAndClear(Event& event, const char* what);

}  // namespace fftscope::cl
