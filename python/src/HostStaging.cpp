#include "HostStaging.h"

#include "engine/cl/ClError.h"
#include "engine/cl/HostParallel.h"
#include "engine/cl/StagedUpload.h"
#include "engine/multi/PinnedStaging.h"

#include <algorithm>
#include <atomic>

namespace fftscope::python {
namespace {

std::atomic<StagingMode> modeSetting{StagingMode::Auto};
constexpr std::size_t kChunkBytes = std::size_t(8) << 20;

}  // namespace

void setStagingMode(StagingMode mode) { modeSetting = mode; }
StagingMode stagingMode() { return modeSetting; }

HostStaging::HostStaging(cl::DeviceContext& context, const PinnedResults& results)
    : context_(context), results_(results) {}
HostStaging::~HostStaging() = default;

bool HostStaging::staged(std::size_t bytes) const {
  switch (stagingMode()) {
    case StagingMode::Always: return bytes > 0;
    case StagingMode::Never: return false;
    case StagingMode::Auto: break;
  }
  return bytes >= kStagedBytes && context_.device().type != "CPU";
}

void HostStaging::upload(cl_mem buffer, const void* data, std::size_t bytes) {
  if (!staged(bytes)) return context_.write(buffer, data, bytes);
  if (!up_) up_ = std::make_unique<cl::StagedUpload>(context_, kChunkBytes);
  // The upload's queue is not the context's: it starts after everything queued there so far,
  // which may still read the buffer (a pooled one handed out again, DevicePool.h).
  cl_event queued = nullptr;
  cl::check(clEnqueueMarkerWithWaitList(context_.queue(), 0, nullptr, &queued), "clEnqueueMarkerWithWaitList");
  const cl::Event before(queued);
  // Submitted now: a queue waiting on another's event may otherwise wait for ever (OpenCL asks
  // for a flush of the queue the event is in).
  cl::check(clFlush(context_.queue()), "clFlush");
  up_->write(buffer, data, bytes, std::span(&queued, 1));
  // Waited for here (the copy's last chunks), so that what is queued next finds it done.
  up_->finish();
}

void HostStaging::download(cl_mem buffer, void* data, std::size_t bytes) {
  if (!staged(bytes) || results_.holds(data, bytes)) return context_.read(buffer, data, bytes);
  if (!down_) down_ = std::make_unique<multi::PinnedStaging>(context_, kChunkBytes);
  const unsigned threads = std::min(8u, cl::stagingThreads(2));
  auto* to = static_cast<char*>(data);
  down_->download(buffer, bytes, 1, 0, [&](const void* chunk, std::size_t begin, std::size_t end) {
    cl::parallelCopy(to + begin, chunk, end - begin, threads);
  });
  // Recorded as the context's own reads are (its device-clock times are PinnedStaging's events').
  context_.recordTransfer({false, bytes, 0, 0});
}

}  // namespace fftscope::python
