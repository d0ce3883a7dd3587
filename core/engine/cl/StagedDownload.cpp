#include "engine/cl/StagedDownload.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace fftscope::cl {

StagedDownload::StagedDownload(const DeviceContext& context, std::size_t chunkBytes, std::size_t chunks,
                               HostThreadPool* pool)
    : ring_(context, chunkBytes, chunks, pool, "downloads") {}

void StagedDownload::enqueueNext(std::span<const cl_event> after) {
  const std::size_t n = std::min(ring_.chunkBytes(), bytes_ - issued_);
  StagingRing::Slot& slot = ring_.take();
  cl_event e = nullptr;
  check(clEnqueueReadBuffer(ring_.queue(), buffer_, CL_FALSE, offset_ + issued_, n, slot.pinned.data(), cl_uint(after.size()),
                            after.empty() ? nullptr : after.data(), &e),
        "clEnqueueReadBuffer(staged download)");
  slot.inFlight = Event(e);
  pending_.push_back({&slot, issued_, n});
  issued_ += n;
}

void StagedDownload::start(cl_mem buffer, std::size_t bytes, std::span<const cl_event> after, std::size_t offset) {
  // What a failed drain left in flight ends before its slots are taken again (take() waits).
  pending_.clear();
  buffer_ = buffer, offset_ = offset, bytes_ = bytes, issued_ = 0;
  // Only the first read waits for the caller's events: the queue keeps the rest in order.
  for (bool first = true; issued_ < bytes_ && pending_.size() < ring_.chunks(); first = false)
    enqueueNext(first ? after : std::span<const cl_event>());
  check(clFlush(ring_.queue()), "clFlush(downloads)");
}

std::size_t StagedDownload::drainNext(void* data) {
  if (pending_.empty()) return 0;
  const Pending next = pending_.front();
  waitAndClear(next.slot->inFlight, "clWaitForEvents(staged download)");
  ring_.copy(static_cast<std::uint8_t*>(data) + next.begin, next.slot->pinned.data(), next.bytes);
  pending_.pop_front();
  if (issued_ < bytes_) {  // into the slot just freed
    enqueueNext({});
    check(clFlush(ring_.queue()), "clFlush(downloads)");
  }
  return next.bytes;
}

void StagedDownload::drain(void* data) {
  while (drainNext(data) > 0) {
  }
}

void StagedDownload::read(cl_mem buffer, void* data, std::size_t bytes, std::span<const cl_event> after, std::size_t offset) {
  start(buffer, bytes, after, offset);
  drain(data);
}

}  // namespace fftscope::cl
