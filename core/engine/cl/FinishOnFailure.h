// Waits for every command of some queues when its scope is left by an exception: copies and
// kernels enqueued before a failure may still read or write the caller's memory, or buffers about
// to be released, after the exception has left.
#pragma once

#include "engine/cl/ClError.h"

#include <array>
#include <cstddef>
#include <exception>
#include <initializer_list>

namespace fftscope::cl {

class FinishOnFailure {
 public:
  // Up to three queues; null ones are skipped.
  FinishOnFailure(std::initializer_list<cl_command_queue> queues) {
    for (cl_command_queue queue : queues)
      if (count_ < queues_.size()) queues_[count_++] = queue;
  }
  FinishOnFailure(const FinishOnFailure&) = delete;
  FinishOnFailure& operator=(const FinishOnFailure&) = delete;
  ~FinishOnFailure() {
    if (std::uncaught_exceptions() <= uncaught_) return;
    for (std::size_t i = 0; i < count_; ++i)
      if (queues_[i]) clFinish(queues_[i]);  // a failure here has nobody left to tell
  }

 private:
  std::array<cl_command_queue, 3> queues_{};
  std::size_t count_ = 0;
  int uncaught_ = std::uncaught_exceptions();
};

}  // namespace fftscope::cl
