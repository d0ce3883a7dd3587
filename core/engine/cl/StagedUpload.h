// Uploads from pageable host memory at the bus's pinned speed and beside the device's work: the
// data is copied a chunk at a time into a small ring of pinned buffers and written from there on a
// command queue of its own (StagingRing.h), so that an upload crosses the bus while the
// context's queue runs the kernels enqueued before it, and the host fills the next chunk while the
// last one is in flight. Callers order the two queues with events: a write waits for the events
// given (the buffer free), and its returned event is what the kernels that read it wait for.
//
// One thread at a time, like the DeviceContext it uses (the copies into pinned memory take a few
// threads of their own). The ring is small (4 x 8 MiB by default), so that making it costs little
// beside the transfers it speeds up.
#pragma once

#include "engine/cl/StagingRing.h"

#include <cstddef>
#include <span>
#include <vector>

namespace fftscope::cl {

class StagedUpload {
 public:
  // pool: the host threads of its copies, shared with other devices' (HostThreadPool.h), or null.
  explicit StagedUpload(const DeviceContext& context, std::size_t chunkBytes = std::size_t{8} << 20,
                        std::size_t chunks = 4, HostThreadPool* pool = nullptr);
  StagedUpload(const StagedUpload&) = delete;
  StagedUpload& operator=(const StagedUpload&) = delete;

  // Enqueues the copy of `bytes` from `data` to `buffer` (at `offset`) after the events in `after`.
  // Returns once `data` has been read (the chunks are in pinned memory): the caller may then reuse
  // it. The returned event completes when the whole copy is on the device.
  Event write(cl_mem buffer, const void* data, std::size_t bytes, std::span<const cl_event> after = {},
              std::size_t offset = 0);
  // Waits for every write and records each as one transfer on the context (recordTransfers).
  void finish();

  // The host's copies into (or out of) the pinned chunks so far (StagingRing.h).
  const StagingRing& ring() const { return ring_; }

 private:
  struct Written {
    std::size_t bytes;
    Event first, last;  // its first and last chunk's writes
  };

  StagingRing ring_;  // waits for the writes in flight when it goes
  std::vector<Written> written_;
};

}  // namespace fftscope::cl
