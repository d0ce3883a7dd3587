// Timing helpers of bench --split (SplitBench.cpp, BatchBench.cpp): the host's clock around a
// piece of work, its median and quartiles over repeats, and their JSON.
#pragma once

#include "bench/Statistics.h"

#include <nlohmann/json.hpp>

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
