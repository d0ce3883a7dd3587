// Host work beside the devices (staging copies, and the host's share of a split transform: butterflies,
// twiddles and transposes) on several threads, so that it keeps up with the links it feeds.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <exception>
#include <thread>
#include <vector>

namespace fftscope::cl {

// Host threads each device's staging may take: the machine's cores shared out among the devices.
inline unsigned stagingThreads(std::size_t devices) {
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return std::max(1u, unsigned(cores / std::max<std::size_t>(1, devices)));
}

// body(begin, end) over [0, count) in up to `threads` contiguous parts of at least `grain` (where
// there are that many), the last on this thread.
// How many contiguous parts of at least `grain` such a loop takes (HostThreadPool.h's too).
inline std::size_t partsOf(std::size_t count, unsigned threads, std::size_t grain) {
  return std::min<std::size_t>(std::max(1u, threads), std::max<std::size_t>(1, count / std::max<std::size_t>(1, grain)));
}

template <typename Body>
void parallelFor(std::size_t count, unsigned threads, const Body& body, std::size_t grain = 4096) {
  const std::size_t parts = partsOf(count, threads, grain);
  if (parts <= 1) return body(std::size_t{0}, count);
  std::vector<std::jthread> workers;
  const std::size_t step = (count + parts - 1) / parts;
  for (std::size_t begin = 0; begin + step < count; begin += step)
    workers.emplace_back([&body, begin, step] { body(begin, begin + step); });
  body(step * workers.size(), count);
}

// memcpy on several threads: one thread copies a fraction of what a link carries.
inline void parallelCopy(void* to, const void* from, std::size_t bytes, unsigned threads) {
  parallelFor(bytes, threads, [&](std::size_t begin, std::size_t end) {
    std::memcpy(static_cast<char*>(to) + begin, static_cast<const char*>(from) + begin, end - begin);
  }, std::size_t{1} << 20);
}

}  // namespace fftscope::cl

namespace fftscope::cl {

// work(i) for each device i at once, each on its own thread (a device's context is for one
// thread); the first failure is thrown again, after every thread has ended.
template <typename Work>
void onEveryDevice(std::size_t devices, const Work& work) {
  if (devices == 1) return work(std::size_t{0});  // no thread to start for one device
  std::vector<std::exception_ptr> failures(devices);
  {
    std::vector<std::jthread> threads;
    for (std::size_t i = 0; i < devices; ++i)
      threads.emplace_back([&, i] {
        try {
          work(i);
        } catch (...) {
          failures[i] = std::current_exception();
        }
      });
  }
  for (const std::exception_ptr& failure : failures)
    if (failure) std::rethrow_exception(failure);
}

}  // namespace fftscope::cl
