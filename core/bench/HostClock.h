// Timing whole transforms by the host clock (DESIGN.md, "Performance: how to measure"): warm-up
// enqueues, then rounds of back-to-back enqueues closed by one clFinish; a round's time is divided
// by its enqueues. Used alike for the engine and its peers, so that they are timed the same way.
#pragma once

#include "bench/Statistics.h"
#include "engine/cl/DeviceContext.h"

#include <functional>

namespace fftscope::bench {

struct HostClockRounds {
  int warmups = 3;
  int rounds = 20;
  int perRound = 10;
};

// Quartiles in milliseconds per enqueue. `enqueue(i)` is called with i = 0 … perRound − 1 within
// a round (and within the warm-ups); `beforeRound`, when given, runs before the warm-ups and before
// each round, and its work is finished before the clock starts.
Quartiles timeRounds(cl::DeviceContext& context, const HostClockRounds& rounds, const std::function<void(int)>& enqueue,
                     const std::function<void()>& beforeRound = {});

}  // namespace fftscope::bench
