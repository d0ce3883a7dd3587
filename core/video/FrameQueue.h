// A bounded hand-over between two pipeline stages: push() waits while the queue is full, pop()
// while it is empty; close() ends it (pop() then drains what is left and returns false), and
// abort() ends it at once for both sides, so that a failing stage never leaves the other waiting.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace fftscope::video {

template <typename T>
class FrameQueue {
 public:
  explicit FrameQueue(std::size_t capacity) : capacity_(capacity) {}

  // False when the queue was aborted or closed (the item is dropped).
  bool push(T item) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return aborted_ || closed_ || items_.size() < capacity_; });
    if (aborted_ || closed_) return false;
    items_.push_back(std::move(item));
    changed_.notify_all();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return aborted_ || closed_ || !items_.empty(); });
    if (aborted_ || items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    changed_.notify_all();
    return item;
  }

  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    changed_.notify_all();
  }

  void abort() {
    std::lock_guard lock(mutex_);
    aborted_ = true;
    changed_.notify_all();
  }

  // Drops what is queued (destroyed outside the lock).
  void clear() {
    std::deque<T> dropped;
    {
      std::lock_guard lock(mutex_);
      dropped.swap(items_);
      changed_.notify_all();
    }
  }

 private:
  std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<T> items_;
  bool closed_ = false;
  bool aborted_ = false;
};

}  // namespace fftscope::video
