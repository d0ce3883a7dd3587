#include "engine/cl/StagedUpload.h"

#include "engine/cl/Profiling.h"

#include <algorithm>
#include <cstdint>

namespace fftscope::cl {

StagedUpload::StagedUpload(const DeviceContext& context, std::size_t chunkBytes, std::size_t chunks, HostThreadPool* pool)
    : ring_(context, chunkBytes, chunks, pool, "uploads") {}

Event StagedUpload::write(cl_mem buffer, const void* data, std::size_t bytes, std::span<const cl_event> after,
                          std::size_t offset) {
  const auto* from = static_cast<const std::uint8_t*>(data);
  if (bytes == 0) {
    cl_event e = nullptr;
    check(clEnqueueMarkerWithWaitList(ring_.queue(), cl_uint(after.size()), after.empty() ? nullptr : after.data(), &e),
          "clEnqueueMarkerWithWaitList(uploads)");
    return Event(e);
  }
  Written written{bytes, Event(), Event()};
  const std::size_t chunk = ring_.chunkBytes();
  for (std::size_t done = 0; done < bytes; done += chunk) {
    const std::size_t n = std::min(chunk, bytes - done);
    StagingRing::Slot& slot = ring_.take();
    ring_.copy(slot.pinned.data(), from + done, n);
    // Only the first chunk waits for the caller's events: the queue keeps the rest in order.
    const std::span<const cl_event> wait = done == 0 ? after : std::span<const cl_event>();
    cl_event e = nullptr;
    check(clEnqueueWriteBuffer(ring_.queue(), buffer, CL_FALSE, offset + done, n, slot.pinned.data(), cl_uint(wait.size()),
                               wait.empty() ? nullptr : wait.data(), &e),
          "clEnqueueWriteBuffer(staged upload)");
    slot.inFlight = Event(e);
    // Started now, not when the ring comes round to this slot.
    check(clFlush(ring_.queue()), "clFlush(uploads)");
    if (!written.first) written.first = slot.inFlight.share();
    written.last = slot.inFlight.share();
  }
  Event whole = written.last.share();
  written_.push_back(std::move(written));
  return whole;
}

void StagedUpload::finish() {
  check(clFinish(ring_.queue()), "clFinish(uploads)");
  for (const Written& w : written_)
    if (w.first)
      ring_.context().recordTransfer({true, w.bytes, eventInterval(w.first.get()).start, eventInterval(w.last.get()).end});
  written_.clear();
}

}  // namespace fftscope::cl
