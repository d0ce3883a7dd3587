// Timing helpers of bench --split (SplitBench.cpp, BatchBench.cpp): the host's clock around a
// piece of work, its median and quartiles over repeats, and their JSON.
#pragma once

#include "bench/Statistics.h"
#include "engine/cl/Profiling.h"
#include "engine/runtime/Plan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <optional>
#include <vector>

namespace fftscope::cli {

inline double secondsOf(const std::function<void()>& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A plan's time on the device's clock, from its first launch's start to its last's end: the
// median of `repeat` after a warm-up (the cost model's planSeconds; the host's wait is LinkFigures::waitSeconds).
inline double planDeviceSeconds(Plan& plan, cl_mem in, cl_mem out, int repeat = 3) {
  std::vector<double> seconds;
  for (int r = 0; r <= repeat; ++r) {
    const std::vector<cl::Event> events = plan.enqueue(in, out, {}, LaunchEvents::Each).releaseEvents();
    const cl_event last = events.back().get();
    cl::check(clWaitForEvents(1, &last), "clWaitForEvents(a timed plan)");
    if (r > 0) seconds.push_back(double(cl::eventInterval(last).end - cl::eventInterval(events.front().get()).start) * 1e-9);
  }
  std::nth_element(seconds.begin(), seconds.begin() + std::ptrdiff_t(seconds.size() / 2), seconds.end());
  return seconds[seconds.size() / 2];
}

inline bench::Quartiles timed(int warmup, int repeat, const std::function<void()>& work) {
  for (int i = 0; i < warmup; ++i) work();
  std::vector<double> ms;
  for (int i = 0; i < repeat; ++i) ms.push_back(1e3 * secondsOf(work));
  return bench::quartiles(ms);
}

inline nlohmann::ordered_json quartilesJson(const std::optional<bench::Quartiles>& q) {
  if (!q) return nullptr;
  return {{"median", q->median}, {"q1", q->q1}, {"q3", q->q3}};
}

}  // namespace fftscope::cli
