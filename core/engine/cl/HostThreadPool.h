// A few host threads kept for the staging copies of every device (the caller's pageable memory to
// and from pinned chunks), so that a chunk's copy starts no threads of its own. Jobs from several
// devices' threads run at once, each in up to `partsPerJob` parts; a caller runs parts of its own
// job and waits for the rest.
#pragma once

#include "engine/cl/HostParallel.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace fftscope::cl {

class HostThreadPool {
 public:
  // workers: threads kept beside the callers' own; partsPerJob: the parts a job is cut into.
  HostThreadPool(unsigned workers, unsigned partsPerJob);
  // Sized for `devices` devices staging at once: each job in the threads a device's share of the
  // cores (FFTSCOPE_STAGING_THREADS where set), the workers that many a device, less the devices'
  // own threads, which take part in their jobs.
  static unsigned threadsPerDevice(std::size_t devices);
  explicit HostThreadPool(std::size_t devices);
  ~HostThreadPool();
  HostThreadPool(const HostThreadPool&) = delete;
  HostThreadPool& operator=(const HostThreadPool&) = delete;

  unsigned partsPerJob() const { return parts_; }

  // body(begin, end) over [0, count) in up to partsPerJob() contiguous parts of at least `grain`,
  // some on the workers and some on this thread; returns when all are done, throwing the first
  // part's failure again.
  template <typename Body>
  void parallelFor(std::size_t count, const Body& body, std::size_t grain = 4096);
  // memcpy in parts of at least 1 MiB.
  void copy(void* to, const void* from, std::size_t bytes);

 private:
  struct Job;
  void run(std::size_t parts, const std::function<void(std::size_t)>& part);
  void work();

  unsigned parts_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Job>> jobs_;  // jobs with parts not yet taken
  bool stopping_ = false;
  std::vector<std::jthread> workers_;
};

template <typename Body>
void HostThreadPool::parallelFor(std::size_t count, const Body& body, std::size_t grain) {
  const std::size_t parts = partsOf(count, parts_, grain);
  if (parts <= 1) return body(std::size_t{0}, count);
  const std::size_t step = (count + parts - 1) / parts;
  run((count + step - 1) / step, [&](std::size_t i) { body(i * step, std::min(count, (i + 1) * step)); });
}

}  // namespace fftscope::cl
