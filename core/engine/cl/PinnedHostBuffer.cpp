#include "engine/cl/PinnedHostBuffer.h"

#include <string>
#include <utility>

namespace fftscope::cl {

PinnedHostBuffer::PinnedHostBuffer(const DeviceContext& context, std::size_t bytes)
    : queue_(context.queue()), buffer_(context.buffer(bytes, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR)), bytes_(bytes) {
  cl_int status = CL_SUCCESS;
  mapped_ = clEnqueueMapBuffer(queue_, buffer_.get(), CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, nullptr, nullptr,
                               &status);
  check(status, "clEnqueueMapBuffer(pinned host memory, " + std::to_string(bytes) + " bytes)");
}

PinnedHostBuffer::PinnedHostBuffer(PinnedHostBuffer&& other) noexcept
    : queue_(std::exchange(other.queue_, nullptr)),
      buffer_(std::move(other.buffer_)),
      mapped_(std::exchange(other.mapped_, nullptr)),
      bytes_(std::exchange(other.bytes_, 0)) {}

PinnedHostBuffer& PinnedHostBuffer::operator=(PinnedHostBuffer&& other) noexcept {
  if (this != &other) {
    release();
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
  if (mapped_ && buffer_) {
    clEnqueueUnmapMemObject(queue_, buffer_.get(), mapped_, 0, nullptr, nullptr);
    clFinish(queue_);
  }
  mapped_ = nullptr;
  buffer_.reset();
  bytes_ = 0;
}

}  // namespace fftscope::cl
