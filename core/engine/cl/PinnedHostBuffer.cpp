#include "engine/cl/PinnedHostBuffer.h"

#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace fftscope::cl {

namespace {

struct PinnedRange {
  std::size_t bytes;
  cl_context context;
};

// The live buffers' mapped ranges, by their first byte. Never destroyed: buffers that static
// objects or an interpreter hold may go after this library's statics at exit.
std::mutex& rangesMutex() {
  static auto* mutex = new std::mutex;
  return *mutex;
}
std::map<const char*, PinnedRange>& ranges() {
  static auto* live = new std::map<const char*, PinnedRange>;
  return *live;
}

}  // namespace

bool isPinned(cl_context context, const void* data, std::size_t bytes) {
  const char* begin = static_cast<const char*>(data);
  const std::lock_guard lock(rangesMutex());
  auto after = ranges().upper_bound(begin);
  if (after == ranges().begin()) return false;
  const auto& [first, range] = *std::prev(after);
  return range.context == context && std::size_t(begin - first) + bytes <= range.bytes;
}

PinnedHostBuffer::PinnedHostBuffer(const DeviceContext& context, std::size_t bytes)
    : context_(context.context()),
      queue_(context.queue()), buffer_(context.buffer(bytes, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR)), bytes_(bytes) {
  cl_int status = CL_SUCCESS;
  mapped_ = clEnqueueMapBuffer(queue_, buffer_.get(), CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, nullptr, nullptr,
                               &status);
  check(status, "clEnqueueMapBuffer(pinned host memory, " + std::to_string(bytes) + " bytes)");
  const std::lock_guard lock(rangesMutex());
  ranges()[static_cast<const char*>(mapped_)] = {bytes_, context_};
}

PinnedHostBuffer::PinnedHostBuffer(PinnedHostBuffer&& other) noexcept
    : context_(std::exchange(other.context_, nullptr)),
      queue_(std::exchange(other.queue_, nullptr)),
      buffer_(std::move(other.buffer_)),
      mapped_(std::exchange(other.mapped_, nullptr)),
      bytes_(std::exchange(other.bytes_, 0)) {}

PinnedHostBuffer& PinnedHostBuffer::operator=(PinnedHostBuffer&& other) noexcept {
  if (this != &other) {
    release();
    context_ = std::exchange(other.context_, nullptr);
    queue_ = std::exchange(other.queue_, nullptr);
    buffer_ = std::move(other.buffer_);
    mapped_ = std::exchange(other.mapped_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

PinnedHostBuffer::~PinnedHostBuffer() { release(); }

void PinnedHostBuffer::release() noexcept {
  // Unmapped before the buffer goes; a failure here has nobody left to tell.
  if (mapped_) {
    const std::lock_guard lock(rangesMutex());
    ranges().erase(static_cast<const char*>(mapped_));
  }
  if (mapped_ && buffer_) {
    clEnqueueUnmapMemObject(queue_, buffer_.get(), mapped_, 0, nullptr, nullptr);
    clFinish(queue_);
  }
  mapped_ = nullptr;
  buffer_.reset();
  bytes_ = 0;
}

}  // namespace fftscope::cl
