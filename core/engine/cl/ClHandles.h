// Move-only owners of OpenCL objects: each releases its handle exactly once.
#pragma once

#include "engine/cl/ClError.h"

#include <utility>

namespace fftscope::cl {

template <typename T, cl_int (*Retain)(T), cl_int (*Release)(T)>
class Handle {
 public:
  Handle() = default;
  explicit Handle(T raw) : raw_(raw) {}
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  Handle(Handle&& other) noexcept : raw_(std::exchange(other.raw_, nullptr)) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      raw_ = std::exchange(other.raw_, nullptr);
    }
    return *this;
  }
  ~Handle() { reset(); }

  // A second owner of the same object (OpenCL reference counting).
  Handle share() const {
    if (raw_) Retain(raw_);
    return Handle(raw_);
  }
  void reset() {
    if (raw_) Release(raw_);
    raw_ = nullptr;
  }
  T get() const { return raw_; }
  explicit operator bool() const { return raw_ != nullptr; }

 private:
  T raw_ = nullptr;
};

using Context = Handle<cl_context, clRetainContext, clReleaseContext>;
using Queue = Handle<cl_command_queue, clRetainCommandQueue, clReleaseCommandQueue>;
using Program = Handle<cl_program, clRetainProgram, clReleaseProgram>;
using Kernel = Handle<cl_kernel, clRetainKernel, clReleaseKernel>;
using Buffer = Handle<cl_mem, clRetainMemObject, clReleaseMemObject>;
using Event = Handle<cl_event, clRetainEvent, clReleaseEvent>;

}  // namespace fftscope::cl
