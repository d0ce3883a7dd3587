#include "DevicePool.h"

#include "engine/cl/ClError.h"

#include <algorithm>

namespace fftscope::python {

DevicePool::DevicePool(const cl::DeviceContext& context) : context_(context) {
  // A quarter of the device's memory kept idle at most: enough for the working set of a chain of
  // large transforms, while leaving the rest to whoever else uses the device.
  stats_.limit = std::size_t(context.device().globalMemBytes / 4);
}

cl::Buffer DevicePool::acquire(std::size_t bytes) {
  const std::size_t size = rounded(bytes);
  std::lock_guard lock(mutex_);
  auto found = bySize_.find(size);
  if (found != bySize_.end() && !found->second.empty()) {
    Order::iterator newest = found->second.back();
    found->second.pop_back();
    cl::Buffer buffer = std::move(newest->buffer);
    idle_.erase(newest);
    stats_.freeBytes -= size;
    --stats_.freeBlocks;
    stats_.usedBytes += size;
    ++stats_.reuses;
    return buffer;
  }
  // Idle buffers make way before the pool would pass the device's memory.
  const std::size_t device = std::size_t(context_.device().globalMemBytes);
  while (!idle_.empty() && stats_.usedBytes + stats_.freeBytes + size > device) evictOldest();
  cl::Buffer buffer;
  try {
    buffer = context_.buffer(size);
  } catch (const std::exception&) {
    // Out of memory (a ClError) or over the host's budget for a CPU device (invalid_argument):
    // once more without the idle buffers; anything else fails again the same way.
    if (idle_.empty()) throw;
    while (!idle_.empty()) evictOldest();
    buffer = context_.buffer(size);
  }
  stats_.usedBytes += size;
  ++stats_.allocations;
  return buffer;
}

void DevicePool::release(cl::Buffer buffer, std::size_t bytes) {
  const std::size_t size = rounded(bytes);
  std::lock_guard lock(mutex_);
  stats_.usedBytes -= std::min(stats_.usedBytes, size);
  if (!buffer || size > stats_.limit) return;  // the buffer goes now
  idle_.push_back({size, std::move(buffer)});
  bySize_[size].push_back(std::prev(idle_.end()));
  stats_.freeBytes += size;
  ++stats_.freeBlocks;
  while (stats_.freeBytes > stats_.limit) evictOldest();
}

void DevicePool::evictOldest() {
  Order::iterator oldest = idle_.begin();
  std::vector<Order::iterator>& same = bySize_[oldest->bytes];
  same.erase(std::find(same.begin(), same.end(), oldest));
  stats_.freeBytes -= oldest->bytes;
  --stats_.freeBlocks;
  idle_.erase(oldest);  // clReleaseMemObject: the driver frees it once queued work is done with it
}

void DevicePool::trimTo(std::size_t idleBytes) {
  std::lock_guard lock(mutex_);
  while (!idle_.empty() && stats_.freeBytes > idleBytes) evictOldest();
}

void DevicePool::freeAll() { trimTo(0); }

void DevicePool::setLimit(std::size_t bytes) {
  {
    std::lock_guard lock(mutex_);
    stats_.limit = bytes;
  }
  trimTo(bytes);
}

PoolStats DevicePool::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

}  // namespace fftscope::python
