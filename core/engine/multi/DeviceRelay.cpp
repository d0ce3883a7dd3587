#include "engine/multi/DeviceRelay.h"

#include "engine/cl/ClError.h"

#include <algorithm>
#include <stdexcept>

namespace fftscope::multi {

namespace {

void wait(const cl::Event& event, const char* what) {
  const cl_event e = event.get();
  cl::check(clWaitForEvents(1, &e), what);
}

}  // namespace

DeviceRelay::DeviceRelay(const cl::DeviceContext& context, std::size_t chunkBytes, std::size_t chunks) {
  if (chunks < 2 || chunkBytes == 0) throw std::invalid_argument("a relay between devices needs two chunks or more");
  const std::size_t bytes = std::min<std::size_t>(chunkBytes, context.device().maxAllocBytes);
  for (std::size_t c = 0; c < chunks; ++c) chunks_.emplace_back(context, bytes);
}

void DeviceRelay::move(const cl::DeviceContext& source, cl_mem from, std::size_t fromOffset,
                       const cl::DeviceContext& target, cl_mem to, std::size_t toOffset, std::size_t bytes) {
  const std::size_t chunk = chunkBytes(), ring = chunks_.size();
  const std::size_t count = (bytes + chunk - 1) / chunk;
  std::vector<cl::Event> reads(ring), writes(ring);
  auto length = [&](std::size_t i) { return std::min(chunk, bytes - i * chunk); };
  auto read = [&](std::size_t i) {
    cl_event e = nullptr;
    cl::check(clEnqueueReadBuffer(source.queue(), from, CL_FALSE, fromOffset + i * chunk, length(i),
                                  chunks_[i % ring].data(), 0, nullptr, &e),
              "clEnqueueReadBuffer(relay between devices)");
    reads[i % ring] = cl::Event(e);
    cl::check(clFlush(source.queue()), "clFlush(relay between devices)");
  };
  try {
    // Reads run a ring less one ahead of the writes, so that while the host waits for write i - 1
    // to leave its slot, write i is already queued behind it and the target's link stays busy.
    for (std::size_t i = 0; i + 1 < ring && i < count; ++i) read(i);
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t slot = i % ring;
      wait(reads[slot], "clWaitForEvents(relay's read)");
      cl_event e = nullptr;
      cl::check(clEnqueueWriteBuffer(target.queue(), to, CL_FALSE, toOffset + i * chunk, length(i), chunks_[slot].data(),
                                     0, nullptr, &e),
                "clEnqueueWriteBuffer(relay between devices)");
      writes[slot] = cl::Event(e);
      cl::check(clFlush(target.queue()), "clFlush(relay between devices)");
      const std::size_t next = i + ring - 1;  // read into the slot that write i - 1 leaves
      if (next < count) {
        if (writes[next % ring]) wait(writes[next % ring], "clWaitForEvents(relay's write)");
        read(next);
      }
    }
    for (const cl::Event& w : writes)
      if (w) wait(w, "clWaitForEvents(relay's write)");
  } catch (...) {
    // No copy may still use a chunk once the relay is gone: both queues end theirs first.
    clFinish(source.queue());
    clFinish(target.queue());
    throw;
  }
}

}  // namespace fftscope::multi
