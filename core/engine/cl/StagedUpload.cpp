#include "engine/cl/StagedUpload.h"

#include "engine/cl/HostParallel.h"
#include "engine/cl/Profiling.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace fftscope::cl {

StagedUpload::StagedUpload(const DeviceContext& context, std::size_t chunkBytes, std::size_t chunks)
    : context_(context),
      chunkBytes_(std::clamp<std::size_t>(chunkBytes, 1, context.device().maxAllocBytes)),
      copyThreads_(std::min(8u, stagingThreads(2))) {
  cl_int status = CL_SUCCESS;
  // The 1.2 entry point, which every ICD and driver accepts.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  queue_ = Queue(clCreateCommandQueue(context.context(), context.device().id, CL_QUEUE_PROFILING_ENABLE, &status));
#pragma GCC diagnostic pop
  check(status, "clCreateCommandQueue(uploads on " + context.device().name + ")");
  for (std::size_t i = 0; i < std::max<std::size_t>(chunks, 1); ++i)
    slots_.push_back({PinnedHostBuffer(context, chunkBytes_), Event()});
}

StagedUpload::~StagedUpload() {
  if (queue_) clFinish(queue_.get());  // a failure here has nobody left to tell
}

Event StagedUpload::write(cl_mem buffer, const void* data, std::size_t bytes, std::span<const cl_event> after,
                          std::size_t offset) {
  const auto* from = static_cast<const std::uint8_t*>(data);
  if (bytes == 0) {
    cl_event e = nullptr;
    check(clEnqueueMarkerWithWaitList(queue_.get(), cl_uint(after.size()), after.empty() ? nullptr : after.data(), &e),
          "clEnqueueMarkerWithWaitList(uploads)");
    return Event(e);
  }
  Written written{bytes, Event(), Event()};
  for (std::size_t done = 0; done < bytes; done += chunkBytes_) {
    const std::size_t n = std::min(chunkBytes_, bytes - done);
    Slot& slot = slots_[next_];
    next_ = (next_ + 1) % slots_.size();
    if (slot.inFlight) {
      cl_event e = slot.inFlight.get();
      check(clWaitForEvents(1, &e), "clWaitForEvents(pinned upload slot)");
    }
    // One thread's memcpy (4-5 GB/s on the H200's host) is slower than the bus.
    parallelCopy(slot.pinned.data(), from + done, n, copyThreads_);
    // Only the first chunk waits for the caller's events: the queue keeps the rest in order.
    const std::span<const cl_event> wait = done == 0 ? after : std::span<const cl_event>();
    cl_event e = nullptr;
    check(clEnqueueWriteBuffer(queue_.get(), buffer, CL_FALSE, offset + done, n, slot.pinned.data(), cl_uint(wait.size()),
                               wait.empty() ? nullptr : wait.data(), &e),
          "clEnqueueWriteBuffer(staged upload)");
    slot.inFlight = Event(e);
    // Started now, not when the ring comes round to this slot.
    check(clFlush(queue_.get()), "clFlush(uploads)");
    if (!written.first) written.first = slot.inFlight.share();
    written.last = slot.inFlight.share();
  }
  Event whole = written.last.share();
  written_.push_back(std::move(written));
  return whole;
}

void StagedUpload::finish() {
  check(clFinish(queue_.get()), "clFinish(uploads)");
  for (const Written& w : written_)
    if (w.first)
      context_.recordTransfer({true, w.bytes, eventInterval(w.first.get()).start, eventInterval(w.last.get()).end});
  written_.clear();
}

}  // namespace fftscope::cl
