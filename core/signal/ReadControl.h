// Progress and cancellation for long reads and computations: the caller's callback hears the
// fraction done (0..1) after each block, and a flag set from another thread stops the work at the
// next block boundary with CancelledError (nothing the caller had is changed).
#pragma once

#include <atomic>
#include <functional>
#include <stdexcept>

namespace fftscope::signal {

class CancelledError : public std::runtime_error {
 public:
  CancelledError() : std::runtime_error("cancelled") {}
};

struct ReadControl {
  std::function<void(double fraction)> progress;  // may be empty
  const std::atomic<bool>* cancel = nullptr;       // may be null

  // Reports progress, then throws CancelledError when the flag is set.
  void step(double fraction) const {
    if (progress) progress(fraction);
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) throw CancelledError();
  }
};

}  // namespace fftscope::signal
