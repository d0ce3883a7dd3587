// Moves bytes from one device's buffer to another's through a ring of pinned host chunks, with no
// copy on the host: chunk i is read from the source into a pinned chunk and written from that same
// chunk to the target, while the source's link already reads the chunks after it. A trip then
// takes about one link's time, not the two of a read into host memory and a write from it, and
// the host's memory carries each byte once each way. OpenCL offers no copy between devices that
// runs at a link's speed (NVIDIA's runs through the host at 1 GB/s, docs/performance.md), so this
// is how a split moves a share between devices.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/cl/PinnedHostBuffer.h"

#include <cstddef>
#include <vector>

namespace fftscope::multi {

class DeviceRelay {
 public:
  // The chunks are pinned in `context` (that of the devices, where they share one); chunkBytes is
  // lowered to its device's largest allocation.
  DeviceRelay(const cl::DeviceContext& context, std::size_t chunkBytes, std::size_t chunks = 3);

  // Copies `bytes` from `from` (at fromOffset) on source's queue to `to` (at toOffset) on
  // target's, after the work already enqueued on each; returns once the last byte is on the target.
  void move(const cl::DeviceContext& source, cl_mem from, std::size_t fromOffset, const cl::DeviceContext& target,
            cl_mem to, std::size_t toOffset, std::size_t bytes);

  std::size_t chunkBytes() const { return chunks_.front().size(); }

 private:
  std::vector<cl::PinnedHostBuffer> chunks_;
};

}  // namespace fftscope::multi
