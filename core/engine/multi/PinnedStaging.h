// Copies between host data and one device's buffer through two pinned chunks taken in turn: the
// host fills (or drains) one chunk while the other crosses the link, so that what the host does
// to the data on the way (a butterfly, twiddles, a transpose) overlaps the copy. Chunks hold whole
// rows of `rowLength` elements where a row fits, so that a transpose works on whole rows. For the
// thread that owns the device's context.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/cl/PinnedHostBuffer.h"

#include <chrono>
#include <cstddef>
#include <functional>

namespace fftscope::multi {

class PinnedStaging {
 public:
  // chunkBytes is lowered to the device's largest allocation.
  PinnedStaging(cl::DeviceContext& context, std::size_t chunkBytes);

  // fill(chunk, begin, end) writes elements [begin, end) of the buffer's `count`, each of
  // elementBytes, into chunk; they are then written to `buffer` from element `first` on (0 by
  // default; download reads from there too).
  using Fill = std::function<void(void* chunk, std::size_t begin, std::size_t end)>;
  void upload(cl_mem buffer, std::size_t count, std::size_t elementBytes, std::size_t rowLength, const Fill& fill,
              std::size_t first = 0);
  // drain(chunk, begin, end) takes elements [begin, end) of `buffer` read into chunk.
  using Drain = std::function<void(const void* chunk, std::size_t begin, std::size_t end)>;
  void download(cl_mem buffer, std::size_t count, std::size_t elementBytes, std::size_t rowLength, const Drain& drain,
                std::size_t first = 0);

  // The host's rate of filling and draining since the last reset, in bytes a second of the time
  // spent in fill and drain (0 before any): the staging rate of the cost model (HugeSplitCost.h).
  double hostBytesPerSecond() const { return hostSeconds_ > 0 ? double(hostBytes_) / hostSeconds_ : 0; }
  void resetHostRate() { hostSeconds_ = 0, hostBytes_ = 0; }

 private:
  std::size_t chunkElements(std::size_t elementBytes, std::size_t rowLength) const;

  cl::DeviceContext& context_;
  cl::PinnedHostBuffer chunks_[2];
  double hostSeconds_ = 0;
  std::size_t hostBytes_ = 0;
};

}  // namespace fftscope::multi
