#include "engine/cl/StagingRing.h"

#include <algorithm>
#include <chrono>
#include <string>

namespace fftscope::cl {

StagingRing::StagingRing(const DeviceContext& context, std::size_t chunkBytes, std::size_t chunks, HostThreadPool* pool,
                         const char* what)
    : context_(context),
      chunkBytes_(std::clamp<std::size_t>(chunkBytes, 1, context.device().maxAllocBytes)),
      pool_(pool),
      copyThreads_(std::min(8u, stagingThreads(2))) {
  cl_int status = CL_SUCCESS;
  // The 1.2 entry point, which every ICD and driver accepts.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  queue_ = Queue(clCreateCommandQueue(context.context(), context.device().id, CL_QUEUE_PROFILING_ENABLE, &status));
#pragma GCC diagnostic pop
  check(status, "clCreateCommandQueue(" + std::string(what) + " on " + context.device().name + ")");
  for (std::size_t i = 0; i < std::max<std::size_t>(chunks, 1); ++i) slots_.push_back({PinnedHostBuffer(context, chunkBytes_), Event()});
}

StagingRing::~StagingRing() {
  if (queue_) clFinish(queue_.get());  // a failure here has nobody left to tell
}

StagingRing::Slot& StagingRing::take() {
  Slot& slot = slots_[next_];
  next_ = (next_ + 1) % slots_.size();
  waitAndClear(slot.inFlight, "clWaitForEvents(pinned staging slot)");
  return slot;
}

void StagingRing::copy(void* to, const void* from, std::size_t bytes) {
  const auto start = std::chrono::steady_clock::now();
  if (pool_)
    pool_->copy(to, from, bytes);
  else
    parallelCopy(to, from, bytes, copyThreads_);
  copySeconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  copiedBytes_ += bytes;
}

void waitAndClear(Event& event, const char* what) {
  if (!event) return;
  cl_event raw = event.get();
  check(clWaitForEvents(1, &raw), what);
  event = Event();
}

}  // namespace fftscope::cl
