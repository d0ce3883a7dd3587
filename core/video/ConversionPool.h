// Whole frames converted between pixel formats on threads of their own, a frame a thread at a
// time, so that the conversions of consecutive frames overlap. A decoder or an encoder converts
// on its one calling thread otherwise, and there a 1080p frame's conversion (spread over
// swscale's slice threads) held the filter's pipeline to about 430 frames a second on a 16-core
// host while its codecs had cores to spare (2026-11-29). Each thread keeps a converter of its own
// (swscale's contexts are not shared between threads), made by the first task that needs it.
// FFmpeg stays out of this header.
#pragma once

#include "video/FrameQueue.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

struct SwsContext;

namespace fftscope::video {

class ConversionPool {
 public:
  // A task converts with the thread's converter, which it may make or replace (null at first;
  // the pool frees it when the thread ends).
  using Task = std::packaged_task<void(SwsContext*&)>;

  // threads: at least 1; queued: tasks waiting at most, beyond which submit() waits.
  ConversionPool(int threads, std::size_t queued);
  // Aborts: tasks not begun are dropped (their futures report a broken promise), those begun end.
  ~ConversionPool();
  ConversionPool(const ConversionPool&) = delete;
  ConversionPool& operator=(const ConversionPool&) = delete;

  // Queues the task and returns its future (which rethrows the task's failure); std::runtime_error
  // once the pool was aborted.
  std::future<void> submit(Task task);
  // Runs what is queued, then ends the threads and waits for them.
  void close();
  // Waits for the tasks begun, ends the threads and drops what is queued (its futures broken).
  void abort();
  // Milliseconds the threads have spent in tasks, summed.
  double busyMs() const;

 private:
  void run(std::size_t thread);
  void join();

  FrameQueue<Task> tasks_;
  std::unique_ptr<std::atomic<double>[]> busyMs_;  // a thread's own
  std::vector<std::thread> threads_;
  std::mutex joining_;
};

}  // namespace fftscope::video
