#include "engine/cl/HostThreadPool.h"

#include "settings/ProcessSettings.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>

namespace fftscope::cl {

struct HostThreadPool::Job {
  const std::function<void(std::size_t)>* part;
  std::size_t parts;
  std::size_t taken = 0;  // under the pool's mutex
  std::size_t done = 0;   // under the pool's mutex
  std::exception_ptr failure;
  std::condition_variable finished;
};

HostThreadPool::HostThreadPool(unsigned workers, unsigned partsPerJob) : parts_(std::max(1u, partsPerJob)) {
  for (unsigned i = 0; i < workers; ++i) workers_.emplace_back([this] { work(); });
}

unsigned HostThreadPool::threadsPerDevice(std::size_t devices) {
  if (const std::uint64_t set = processSettings().number("FFTSCOPE_STAGING_THREADS"); set > 0) return unsigned(set);
  return stagingThreads(devices);
}

HostThreadPool::HostThreadPool(std::size_t devices)
    : HostThreadPool(unsigned(std::max<std::size_t>(1, devices)) * (threadsPerDevice(devices) - 1), threadsPerDevice(devices)) {}

HostThreadPool::~HostThreadPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
}

void HostThreadPool::run(std::size_t parts, const std::function<void(std::size_t)>& part) {
  auto job = std::make_shared<Job>();
  job->part = &part;
  job->parts = parts;
  std::unique_lock lock(mutex_);
  if (!workers_.empty()) {
    jobs_.push_back(job);
    wake_.notify_all();
  }
  // This thread takes parts of its own job until none is left, then waits for the workers'.
  while (job->taken < job->parts) {
    const std::size_t i = job->taken++;
    if (job->taken == job->parts && !workers_.empty()) std::erase(jobs_, job);
    lock.unlock();
    std::exception_ptr failure;
    try {
      part(i);
    } catch (...) {
      failure = std::current_exception();
    }
    lock.lock();
    if (failure && !job->failure) job->failure = failure;
    ++job->done;
  }
  job->finished.wait(lock, [&] { return job->done == job->parts; });
  if (job->failure) std::rethrow_exception(job->failure);
}

void HostThreadPool::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
    if (stopping_) return;
    // The oldest job first, so that each device's copies end in the order they began.
    std::shared_ptr<Job> job = jobs_.front();
    const std::size_t i = job->taken++;
    if (job->taken == job->parts) jobs_.pop_front();
    lock.unlock();
    std::exception_ptr failure;
    try {
      (*job->part)(i);
    } catch (...) {
      failure = std::current_exception();
    }
    lock.lock();
    if (failure && !job->failure) job->failure = failure;
    if (++job->done == job->parts) job->finished.notify_all();
  }
}

void HostThreadPool::copy(void* to, const void* from, std::size_t bytes) {
  parallelFor(bytes, [&](std::size_t begin, std::size_t end) {
    std::memcpy(static_cast<char*>(to) + begin, static_cast<const char*>(from) + begin, end - begin);
  }, std::size_t{1} << 20);
}

}  // namespace fftscope::cl
