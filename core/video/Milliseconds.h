// The video pipeline's stage timings: milliseconds of the steady clock, for the decoder, the
// encoder, their conversion threads and the filter's report.
#pragma once

#include <chrono>

namespace fftscope::video {

using Clock = std::chrono::steady_clock;

inline double msBetween(Clock::time_point start, Clock::time_point end) {
  return std::chrono::duration<double, std::milli>(end - start).count();
}

inline double msSince(Clock::time_point start) { return msBetween(start, Clock::now()); }

}  // namespace fftscope::video
