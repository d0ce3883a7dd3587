// What every signal a reader accepts must be: a finite rate above 0, channels of equal length
// holding finite samples (signal::validateSignal), as many as the reader allows.
#pragma once

#include "signal/Signal.h"

#include <cmath>

namespace fftscope::fuzz {

inline void checkAccepted(const signal::Signal& s) {
  signal::validateSignal(s);  // throws std::invalid_argument: a reader let a bad signal through
  if (!(s.sampleRate > 0.0) || !std::isfinite(s.sampleRate)) __builtin_trap();
}

}  // namespace fftscope::fuzz
