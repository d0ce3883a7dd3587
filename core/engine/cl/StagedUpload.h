// Uploads from pageable host memory at the bus's pinned speed and beside the device's work: the
// data is copied a chunk at a time into a small ring of pinned buffers (PinnedHostBuffer.h) and
// written from there on a command queue of its own, so that an upload crosses the bus while the
// context's queue runs the kernels enqueued before it, and the host fills the next chunk while the
// last one is in flight. Callers order the two queues with events: a write waits for the events
// given (the buffer free), and its returned event is what the kernels that read it wait for.
//
// One thread at a time, like the DeviceContext it uses (the copies into pinned memory take a few
// threads of their own). The ring is small (4 x 8 MiB by default), so that making it costs little
// beside the transfers it speeds up.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/cl/PinnedHostBuffer.h"

#include <cstddef>
#include <span>
#include <vector>

namespace fftscope::cl {

class StagedUpload {
 public:
  explicit StagedUpload(const DeviceContext& context, std::size_t chunkBytes = std::size_t{8} << 20,
                        std::size_t chunks = 4);
  StagedUpload(const StagedUpload&) = delete;
  StagedUpload& operator=(const StagedUpload&) = delete;
  ~StagedUpload();  // waits for the writes in flight

  // Enqueues the copy of `bytes` from `data` to `buffer` (at `offset`) after the events in `after`.
  // Returns once `data` has been read (the chunks are in pinned memory): the caller may then reuse
  // it. The returned event completes when the whole copy is on the device.
  Event write(cl_mem buffer, const void* data, std::size_t bytes, std::span<const cl_event> after = {},
              std::size_t offset = 0);
  // Waits for every write and records each as one transfer on the context (recordTransfers).
  void finish();

 private:
  struct Slot {
    PinnedHostBuffer pinned;
    Event inFlight;  // the write from it, until it is free again
  };
  struct Written {
    std::size_t bytes;
    Event first, last;  // its first and last chunk's writes
  };

  const DeviceContext& context_;
  Queue queue_;
  std::size_t chunkBytes_;
  unsigned copyThreads_;
  std::vector<Slot> slots_;
  std::size_t next_ = 0;
  std::vector<Written> written_;
};

}  // namespace fftscope::cl
