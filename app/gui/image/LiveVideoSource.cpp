#include "image/LiveVideoSource.h"

namespace fftscope::gui {

bool LiveVideoSource::takeStep() {
  if (!paused_) return true;
  int steps = steps_.load();
  while (steps > 0)
    if (steps_.compare_exchange_weak(steps, steps - 1)) return true;
  return false;
}

}  // namespace fftscope::gui
