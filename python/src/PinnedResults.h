// Result arrays of host transforms in pinned memory, so that a result crosses from the device at
// the bus's full speed straight into the array NumPy gets. Through the staging chunks a fresh
// result's pages are written twice and touched for the first time, which costs as much as the
// copy itself (128 MB on an H200's host: 9 of 18 ms). Pinning memory costs more than one copy,
// so a plan's first host run writes into NumPy's own memory and later runs into pinned blocks
// (Transform::resultMemory); a block comes back here when its array goes and serves the next
// result of the same size. Bounds: idle blocks kept up to kKeptBytes (the longest idle go
// first), blocks out in arrays up to kLentBytes and kLentBlocks, so that a caller who keeps every
// result pins a few blocks and then gets NumPy's memory, rather than paying for a pin each call.
//
// One per context (SharedContext.h). Making or freeing pinned memory goes through the context's
// queue, so acquire() and freeKept() are called with the context's mutex held; a block given back
// (from an array's capsule, holding the GIL) only moves under the pool's own lock, and blocks it
// displaces are freed by the next acquire() or freeKept().
#pragma once

#include "engine/cl/PinnedHostBuffer.h"

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

namespace fftscope::python {

struct PinnedResultStats {
  std::size_t lentBytes = 0, keptBytes = 0, allocations = 0, reuses = 0;
};

class PinnedResults {
 public:
  static constexpr std::size_t kKeptBytes = std::size_t(2) << 30;
  static constexpr std::size_t kLentBytes = std::size_t(8) << 30;
  static constexpr std::size_t kLentBlocks = 8;

  explicit PinnedResults(cl::DeviceContext& context) : context_(context) {}
  PinnedResults(const PinnedResults&) = delete;
  PinnedResults& operator=(const PinnedResults&) = delete;

  // A pinned block of `bytes` whose release gives it back here; null past the bounds or where the
  // driver refuses to pin more. `owner` is kept alive by the block (the pool lives in it).
  std::shared_ptr<void> acquire(std::size_t bytes, std::shared_ptr<void> owner);
  // Whether [data, data + bytes) lies inside a block lent out from here.
  bool holds(const void* data, std::size_t bytes) const;
  void freeKept();
  PinnedResultStats stats() const;
  // For a lent block's holder (PinnedResults.cpp): keeps it, displacing the longest idle.
  void giveBack(std::unique_ptr<cl::PinnedHostBuffer> block) noexcept;

 private:
  void freeRetired();

  cl::DeviceContext& context_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<cl::PinnedHostBuffer>> kept_;     // idle, the longest idle first
  std::vector<std::unique_ptr<cl::PinnedHostBuffer>> retired_;  // displaced, to be freed
  std::vector<const cl::PinnedHostBuffer*> lent_;
  PinnedResultStats stats_;
};

}  // namespace fftscope::python
