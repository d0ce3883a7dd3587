// The conversion threads: every task run once and its future ready (a failure rethrown there),
// tasks queued when the pool is aborted dropped at once with their futures broken, and nothing
// taken after a close.
#include "video/ConversionPool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <stdexcept>
#include <thread>
#include <vector>

namespace fftscope::video {
namespace {

TEST(ConversionPool, RunsEveryTaskOnceAndReportsFailures) {
  ConversionPool pool(3, 4);
  std::atomic<int> runs{0};
  std::vector<std::future<void>> done;
  for (int i = 0; i < 40; ++i)
    done.push_back(pool.submit(ConversionPool::Task([&runs, i](SwsContext*&) {
      ++runs;
      if (i == 17) throw std::runtime_error("frame 17");
    })));
  for (int i = 0; i < 40; ++i) {
    if (i == 17)
      EXPECT_THROW(done[std::size_t(i)].get(), std::runtime_error);
    else
      EXPECT_NO_THROW(done[std::size_t(i)].get());
  }
  pool.close();
  EXPECT_EQ(runs.load(), 40);
  EXPECT_THROW(pool.submit(ConversionPool::Task([](SwsContext*&) {})), std::runtime_error);
}

TEST(ConversionPool, AnAbortBreaksWhatIsQueuedAtOnce) {
  ConversionPool pool(1, 8);
  std::promise<void> release, began;
  std::shared_future<void> go = release.get_future().share();
  std::future<void> begun = began.get_future();
  std::future<void> running = pool.submit(ConversionPool::Task([go, &began](SwsContext*&) {
    began.set_value();
    go.wait();
  }));
  begun.wait();  // the one thread is in the first task; the others stay queued
  std::vector<std::future<void>> queued;
  for (int i = 0; i < 5; ++i) queued.push_back(pool.submit(ConversionPool::Task([](SwsContext*&) {})));
  std::thread aborter([&pool] { pool.abort(); });  // waits for the task begun
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  release.set_value();
  aborter.join();
  EXPECT_NO_THROW(running.get());
  for (std::future<void>& f : queued) {
    ASSERT_EQ(f.wait_for(std::chrono::seconds(0)), std::future_status::ready) << "a dropped task still pending";
    EXPECT_THROW(f.get(), std::future_error);
  }
  EXPECT_GT(pool.busyMs(), 0.0);  // the task begun counted
}

}  // namespace
}  // namespace fftscope::video
