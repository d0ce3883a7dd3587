#include "bench/HostClock.h"

#include <chrono>
#include <vector>

namespace fftscope::bench {

Quartiles timeRounds(cl::DeviceContext& context, const HostClockRounds& rounds, const std::function<void(int)>& enqueue,
                     const std::function<void()>& beforeRound) {
  if (beforeRound) beforeRound();
  for (int i = 0; i < rounds.warmups; ++i) enqueue(i % rounds.perRound);
  context.finish();
  std::vector<double> ms;
  for (int round = 0; round < rounds.rounds; ++round) {
    if (beforeRound) {
      beforeRound();
      context.finish();
    }
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < rounds.perRound; ++i) enqueue(i);
    context.finish();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() /
                 rounds.perRound);
  }
  return quartiles(ms);
}

}  // namespace fftscope::bench
