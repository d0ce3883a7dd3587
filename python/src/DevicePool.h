// Device memory kept for reuse, one pool a context (SharedContext.h): the buffers of device arrays
// and of the host path's per-call copies. A buffer given back is kept, by its size rounded up to
// 512 bytes, and handed out again for the next request of that size, so that a transform run many
// times allocates nothing after its first call. Allocating anew costs the device more than the
// call (a driver maps and clears the memory on first use; freeing may wait for the device).
//
// Reuse needs no wait: every command on a pooled buffer goes through the context's one in-order
// queue (or, for staged uploads, after a marker on it: HostStaging.h), so whatever is queued on a
// buffer handed out again runs after everything queued on it before it came back.
//
// Bounded: idle buffers beyond limit() bytes go, the longest idle first, and all of them go before
// a new allocation would take the pool past the device's memory, or when one fails.
#pragma once

#include "engine/cl/DeviceContext.h"

#include <cstddef>
#include <list>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace fftscope::python {

struct PoolStats {
  std::size_t usedBytes = 0;   // handed out and not back
  std::size_t freeBytes = 0;   // idle, kept for reuse
  std::size_t freeBlocks = 0;
  std::size_t allocations = 0; // buffers the pool has created (clCreateBuffer) since it was made
  std::size_t reuses = 0;      // requests served from idle buffers
  std::size_t limit = 0;
};

class DevicePool {
 public:
  explicit DevicePool(const cl::DeviceContext& context);
  DevicePool(const DevicePool&) = delete;
  DevicePool& operator=(const DevicePool&) = delete;

  // A buffer of at least `bytes` (> 0): an idle one of the same rounded size, else a new one.
  // Throws as DeviceContext::buffer does.
  cl::Buffer acquire(std::size_t bytes);
  // Takes back a buffer acquire gave for `bytes`; it may be handed out at once (see above).
  void release(cl::Buffer buffer, std::size_t bytes);
  // Lets every idle buffer go.
  void freeAll();
  // The most idle bytes kept; idle buffers beyond it go now.
  void setLimit(std::size_t bytes);
  PoolStats stats() const;

  static std::size_t rounded(std::size_t bytes) { return (bytes + 511) / 512 * 512; }

 private:
  struct Idle {
    std::size_t bytes;
    cl::Buffer buffer;
  };
  using Order = std::list<Idle>;  // the longest idle first
  void evictOldest();  // with mutex_ held
  void trimTo(std::size_t idleBytes);

  const cl::DeviceContext& context_;
  mutable std::mutex mutex_;
  Order idle_;
  std::unordered_map<std::size_t, std::vector<Order::iterator>> bySize_;  // oldest first
  PoolStats stats_;
};

}  // namespace fftscope::python
