// The staging copies' thread pool: every part of a job runs once, jobs of several callers at once
// stay apart, a part's failure reaches its caller, and a copy arrives whole.
#include "engine/cl/HostThreadPool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <thread>
#include <vector>

namespace fftscope::cl {
namespace {

TEST(HostThreadPool, RunsEachPartOnceForSeveralCallersAtOnce) {
  HostThreadPool pool(5, 4);
  constexpr std::size_t kCount = 100003;  // no multiple of the parts
  std::vector<std::vector<std::atomic<int>>> seen(3);
  for (auto& s : seen) s = std::vector<std::atomic<int>>(kCount);
  {
    std::vector<std::jthread> callers;
    for (std::size_t c = 0; c < seen.size(); ++c)
      callers.emplace_back([&, c] {
        for (int round = 0; round < 20; ++round)
          pool.parallelFor(kCount, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) ++seen[c][i];
          }, 1000);
      });
  }
  for (std::size_t c = 0; c < seen.size(); ++c)
    for (std::size_t i = 0; i < kCount; ++i) ASSERT_EQ(seen[c][i].load(), 20) << "caller " << c << ", element " << i;
}

TEST(HostThreadPool, HandsAPartsFailureToItsCaller) {
  HostThreadPool pool(3, 4);
  EXPECT_THROW(pool.parallelFor(4000, [](std::size_t begin, std::size_t) {
    if (begin > 0) throw std::runtime_error("a part failed");
  }, 1000),
               std::runtime_error);
  std::atomic<std::size_t> sum = 0;  // the pool still works after it
  pool.parallelFor(4000, [&](std::size_t begin, std::size_t end) { sum += end - begin; }, 1000);
  EXPECT_EQ(sum.load(), 4000u);
}

TEST(HostThreadPool, CopiesWholeWithAndWithoutWorkers) {
  for (unsigned workers : {0u, 3u}) {
    HostThreadPool pool(workers, workers + 1);
    std::vector<std::uint32_t> from((std::size_t{5} << 20) / 4 + 7), to(from.size());
    std::iota(from.begin(), from.end(), 1u);
    pool.copy(to.data(), from.data(), from.size() * sizeof(from[0]));
    EXPECT_EQ(to, from) << workers << " workers";
  }
}

TEST(HostThreadPool, SizedForTheDevices) {
  EXPECT_GE(HostThreadPool::threadsPerDevice(1), HostThreadPool::threadsPerDevice(2));
  EXPECT_GE(HostThreadPool::threadsPerDevice(8), 1u);
  EXPECT_EQ(HostThreadPool(std::size_t{2}).partsPerJob(), HostThreadPool::threadsPerDevice(2));
}

}  // namespace
}  // namespace fftscope::cl
