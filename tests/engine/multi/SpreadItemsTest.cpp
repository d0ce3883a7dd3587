// Items spread over devices: each done once, unequal devices sharing by their pace, a failing
// device's items taken by the others, and a failure thrown only when no device is left.
#include "engine/multi/SpreadItems.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace fftscope::multi {
namespace {

struct Case {
  std::size_t items, devices;
};

class SpreadItemsTest : public ::testing::TestWithParam<Case> {};

TEST_P(SpreadItemsTest, DoesEachItemOnce) {
  const auto [items, devices] = GetParam();
  std::vector<std::atomic<int>> done(items);
  const SpreadOutcome outcome = spreadItems(items, devices, [&](std::size_t item, std::size_t) { ++done[item]; });
  for (std::size_t i = 0; i < items; ++i) EXPECT_EQ(done[i].load(), 1) << "item " << i;
  std::size_t total = 0;
  for (std::size_t n : outcome.itemsPerDevice) total += n;
  EXPECT_EQ(total, items);
  EXPECT_TRUE(outcome.failedDevices.empty());
}

INSTANTIATE_TEST_SUITE_P(Shapes, SpreadItemsTest,
                         ::testing::Values(Case{0, 2}, Case{1, 3}, Case{7, 2}, Case{10, 3}, Case{64, 1}));

TEST(SpreadItems, AFasterDeviceTakesMore) {
  const SpreadOutcome outcome = spreadItems(40, 2, [](std::size_t, std::size_t device) {
    std::this_thread::sleep_for(std::chrono::milliseconds(device == 0 ? 1 : 8));
  });
  EXPECT_GT(outcome.itemsPerDevice[0], 2 * outcome.itemsPerDevice[1]);
}

TEST(SpreadItems, TheOthersFinishAFailedDevicesWork) {
  std::vector<std::atomic<int>> done(12);
  const SpreadOutcome outcome = spreadItems(12, 3, [&](std::size_t item, std::size_t device) {
    if (device == 1) throw std::runtime_error("lost");
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ++done[item];
  });
  for (std::size_t i = 0; i < done.size(); ++i) EXPECT_EQ(done[i].load(), 1) << "item " << i;
  ASSERT_EQ(outcome.failedDevices.size(), 1u);
  EXPECT_EQ(outcome.failedDevices[0], 1u);
}

TEST(SpreadItems, FailsNamingTheDeviceWhenNoneIsLeft) {
  try {
    spreadItems(5, 2, [](std::size_t, std::size_t device) { throw std::runtime_error("out of memory " + std::to_string(device)); });
    FAIL() << "no failure thrown";
  } catch (const DeviceFailure& failure) {
    EXPECT_NE(std::string(failure.what()).find("failed: out of memory"), std::string::npos);
  }
}

TEST(SpreadItems, StopsTakingItemsWhenAsked) {
  std::atomic<bool> stop{false};
  std::atomic<int> done{0};
  const SpreadOutcome outcome = spreadItems(100, 2, [&](std::size_t item, std::size_t) {
    ++done;
    if (item == 3) stop = true;
  }, &stop);
  EXPECT_TRUE(outcome.stopped);
  EXPECT_LT(done.load(), 100);
}

}  // namespace
}  // namespace fftscope::multi
