#include "video/ConversionPool.h"

extern "C" {
#include <libswscale/swscale.h>
}

#include "video/Milliseconds.h"

#include <stdexcept>

namespace fftscope::video {

ConversionPool::ConversionPool(int threads, std::size_t queued) : tasks_(queued) {
  if (threads < 1 || queued < 1) throw std::invalid_argument("ConversionPool: needs a thread and room for a task");
  busyMs_ = std::make_unique<std::atomic<double>[]>(std::size_t(threads));
  try {
    for (std::size_t t = 0; t < std::size_t(threads); ++t) threads_.emplace_back([this, t] { run(t); });
  } catch (...) {
    abort();  // the threads begun end before the pool goes
    throw;
  }
}

ConversionPool::~ConversionPool() { abort(); }

std::future<void> ConversionPool::submit(Task task) {
  std::future<void> done = task.get_future();
  if (!tasks_.push(std::move(task))) throw std::runtime_error("the colour conversion stopped");
  return done;
}

void ConversionPool::close() {
  tasks_.close();
  join();
}

void ConversionPool::abort() {
  tasks_.abort();
  join();
  tasks_.clear();  // their futures report a broken promise now, not when the pool goes
}

void ConversionPool::join() {
  std::lock_guard lock(joining_);
  for (std::thread& thread : threads_)
    if (thread.joinable()) thread.join();
}

double ConversionPool::busyMs() const {
  double sum = 0;
  for (std::size_t t = 0; t < threads_.size(); ++t) sum += busyMs_[t].load(std::memory_order_relaxed);
  return sum;
}

void ConversionPool::run(std::size_t thread) {
  SwsContext* converter = nullptr;
  while (std::optional<Task> task = tasks_.pop()) {
    const auto start = Clock::now();
    (*task)(converter);  // a failure goes to the task's future
    const double ms = msSince(start);
    busyMs_[thread].store(busyMs_[thread].load(std::memory_order_relaxed) + ms, std::memory_order_relaxed);
  }
  sws_freeContext(converter);
}

}  // namespace fftscope::video
