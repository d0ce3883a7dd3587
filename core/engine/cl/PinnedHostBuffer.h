// Host memory the driver has pinned (page-locked), for copies between host and device at the
// bus's full speed: a buffer allocated with CL_MEM_ALLOC_HOST_PTR and mapped once for as long as
// it lives, so that its pointer can be the host side of clEnqueueReadBuffer and
// clEnqueueWriteBuffer. Pageable memory goes through a bounce buffer at a fraction of that speed.
// Each buffer's range is known while it lives (isPinned), so that a caller's data already in one
// is copied straight to and from the devices, without the staging of pageable memory.
#pragma once

#include "engine/cl/DeviceContext.h"

#include <cstddef>

namespace fftscope::cl {

class PinnedHostBuffer {
 public:
  PinnedHostBuffer() = default;
  PinnedHostBuffer(const DeviceContext& context, std::size_t bytes);
  PinnedHostBuffer(const PinnedHostBuffer&) = delete;
  PinnedHostBuffer& operator=(const PinnedHostBuffer&) = delete;
  PinnedHostBuffer(PinnedHostBuffer&& other) noexcept;
  PinnedHostBuffer& operator=(PinnedHostBuffer&& other) noexcept;
  ~PinnedHostBuffer();

  void* data() const { return mapped_; }
  std::size_t size() const { return bytes_; }

 private:
  void release() noexcept;

  cl_context context_ = nullptr;
  cl_command_queue queue_ = nullptr;
  Buffer buffer_;
  void* mapped_ = nullptr;
  std::size_t bytes_ = 0;
};

// Whether [data, data + bytes) lies within one live PinnedHostBuffer of `context`.
bool isPinned(cl_context context, const void* data, std::size_t bytes);

}  // namespace fftscope::cl
