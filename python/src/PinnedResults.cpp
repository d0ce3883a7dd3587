#include "PinnedResults.h"

#include "engine/cl/ClError.h"

#include <algorithm>

namespace fftscope::python {

std::shared_ptr<void> PinnedResults::acquire(std::size_t bytes, std::shared_ptr<void> owner) {
  std::unique_ptr<cl::PinnedHostBuffer> block;
  {
    std::lock_guard lock(mutex_);
    if (stats_.lentBytes + bytes > kLentBytes) return nullptr;
    auto same = std::find_if(kept_.begin(), kept_.end(), [&](const auto& b) { return b->size() == bytes; });
    if (same != kept_.end()) {
      block = std::move(*same);
      kept_.erase(same);
      stats_.keptBytes -= bytes;
      ++stats_.reuses;
    }
  }
  if (!block) {
    try {
      block = std::make_unique<cl::PinnedHostBuffer>(context_, bytes);
    } catch (const cl::ClError&) {
      return nullptr;  // no pinned memory to be had: the result goes to NumPy's memory
    }
    std::lock_guard lock(mutex_);
    ++stats_.allocations;
  }
  std::lock_guard lock(mutex_);
  stats_.lentBytes += bytes;
  lent_.push_back(block.get());
  void* data = block->data();
  // The deleter owns the block until the array goes, and the pool's owner with it.
  return std::shared_ptr<void>(data, [this, owner = std::move(owner), held = block.release()](void*) {
    giveBack(std::unique_ptr<cl::PinnedHostBuffer>(held));
  });
}

void PinnedResults::giveBack(std::unique_ptr<cl::PinnedHostBuffer> block) {
  std::unique_ptr<cl::PinnedHostBuffer> dropped;
  std::lock_guard lock(mutex_);
  lent_.erase(std::find(lent_.begin(), lent_.end(), block.get()));
  stats_.lentBytes -= block->size();
  if (stats_.keptBytes + block->size() <= kKeptBytes) {
    stats_.keptBytes += block->size();
    kept_.push_back(std::move(block));
  } else {
    dropped = std::move(block);
  }
}

bool PinnedResults::holds(const void* data, std::size_t bytes) const {
  const char* begin = static_cast<const char*>(data);
  std::lock_guard lock(mutex_);
  return std::any_of(lent_.begin(), lent_.end(), [&](const cl::PinnedHostBuffer* b) {
    const char* start = static_cast<const char*>(b->data());
    return begin >= start && begin + bytes <= start + b->size();
  });
}

void PinnedResults::freeKept() {
  std::vector<std::unique_ptr<cl::PinnedHostBuffer>> dropped;
  std::lock_guard lock(mutex_);
  dropped.swap(kept_);
  stats_.keptBytes = 0;
}

PinnedResultStats PinnedResults::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

}  // namespace fftscope::python
