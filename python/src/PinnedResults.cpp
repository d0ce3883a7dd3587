#include "PinnedResults.h"

#include "engine/cl/ClError.h"

#include <algorithm>

namespace fftscope::python {

namespace {

// A block out in an array: given back to its pool when the last reference goes.
struct Lent {
  PinnedResults* pool = nullptr;
  std::shared_ptr<void> owner;  // what keeps the pool alive
  std::unique_ptr<cl::PinnedHostBuffer> block;
  ~Lent() {
    if (block) pool->giveBack(std::move(block));
  }
};

}  // namespace

std::shared_ptr<void> PinnedResults::acquire(std::size_t bytes, std::shared_ptr<void> owner) {
  freeRetired();
  std::unique_ptr<cl::PinnedHostBuffer> block;
  {
    std::lock_guard lock(mutex_);
    if (stats_.lentBytes + bytes > kLentBytes || lent_.size() >= kLentBlocks) return nullptr;
    // The most recently kept block of the size: the longest idle stay first in line to go.
    auto same = std::find_if(kept_.rbegin(), kept_.rend(), [&](const auto& b) { return b->size() == bytes; });
    if (same != kept_.rend()) {
      block = std::move(*same);
      kept_.erase(std::next(same).base());
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
  // Everything that can throw comes before the block is counted as lent: giveBack then moves
  // blocks within the room reserved here and allocates nothing.
  auto lent = std::make_shared<Lent>();
  lent->pool = this;
  lent->owner = std::move(owner);
  std::lock_guard lock(mutex_);
  const std::size_t blocks = lent_.size() + kept_.size() + 1;
  lent_.reserve(blocks);
  kept_.reserve(blocks);
  retired_.reserve(retired_.size() + blocks);
  lent_.push_back(block.get());
  stats_.lentBytes += bytes;
  lent->block = std::move(block);
  return std::shared_ptr<void>(lent, lent->block->data());
}

void PinnedResults::giveBack(std::unique_ptr<cl::PinnedHostBuffer> block) noexcept {
  std::lock_guard lock(mutex_);
  lent_.erase(std::find(lent_.begin(), lent_.end(), block.get()));
  stats_.lentBytes -= block->size();
  stats_.keptBytes += block->size();
  kept_.push_back(std::move(block));
  while (stats_.keptBytes > kKeptBytes) {  // the longest idle go, freed by the next acquire
    stats_.keptBytes -= kept_.front()->size();
    retired_.push_back(std::move(kept_.front()));
    kept_.erase(kept_.begin());
  }
}

// Moved out and cleared rather than swapped, so that the vectors keep the room giveBack counts on.
void PinnedResults::freeRetired() {
  std::vector<std::unique_ptr<cl::PinnedHostBuffer>> dropped;  // freed after the lock goes
  std::lock_guard lock(mutex_);
  for (auto& block : retired_) dropped.push_back(std::move(block));
  retired_.clear();
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
  freeRetired();
  std::vector<std::unique_ptr<cl::PinnedHostBuffer>> dropped;  // freed after the lock goes
  std::lock_guard lock(mutex_);
  for (auto& block : kept_) dropped.push_back(std::move(block));
  kept_.clear();
  stats_.keptBytes = 0;
}

PinnedResultStats PinnedResults::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

}  // namespace fftscope::python
