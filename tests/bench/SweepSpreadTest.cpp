// A sweep's shapes spread over 2 and 3 devices (sub-devices of the CPU device here) against one
// device: five shapes, which neither divides; the same cases in the same order, each verified
// within its gate, named by a device, reported once, with progress over the whole sweep.
#include "SubDeviceContexts.h"
#include "bench/SweepSpread.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace fftscope::bench {
namespace {

SweepSpec fiveShapes() {
  SweepSpec spec;
  spec.variants = parseVariantList("r2,auto");
  spec.shapes = parseSizes("2^4..2^8", 1);
  spec.points = 1 << 10;
  spec.warmup = 1;
  spec.repeat = 2;
  return spec;
}

class SweepSpread : public ::testing::TestWithParam<int> {};

TEST_P(SweepSpread, ShapesOverDevicesGiveOneDevicesCases) {
  const SweepSpec spec = fiveShapes();
  ASSERT_EQ(spec.shapes.size(), 5u);
  const BenchReport one = runSweepOver(testing::devicesFor(1), spec);
  std::size_t reported = 0, lastTotal = 0, mostDone = 0, launches = 0;
  std::set<std::size_t> launching;
  SweepCallbacks callbacks;
  callbacks.result = [&](const BenchResult&) { ++reported; };
  callbacks.progress = [&](const SweepProgress& p) {
    lastTotal = p.total;
    mostDone = std::max(mostDone, p.done);
  };
  const BenchReport spread = runSweepOver(testing::devicesFor(GetParam()), spec, callbacks, nullptr,
                                          [&](std::size_t device, std::vector<TimingRecord> records) {
                                            launches += records.size();
                                            launching.insert(device);
                                          });
  EXPECT_FALSE(spread.cancelled);
  EXPECT_EQ(reported, 10u);
  EXPECT_EQ(lastTotal, 10u);
  EXPECT_LT(mostDone, 10u);
  EXPECT_GT(launches, 0u);
  EXPECT_TRUE(std::all_of(launching.begin(), launching.end(), [&](std::size_t d) { return d < std::size_t(GetParam()); }));
  ASSERT_EQ(spread.results.size(), one.results.size());
  for (std::size_t i = 0; i < one.results.size(); ++i) {
    const BenchResult &a = spread.results[i], &b = one.results[i];
    SCOPED_TRACE(a.variant + " " + std::to_string(a.cols));
    EXPECT_EQ(a.variant, b.variant);
    EXPECT_EQ(a.cols, b.cols);
    EXPECT_EQ(a.batch, b.batch);
    EXPECT_TRUE(a.verified) << a.error;
    EXPECT_LE(a.relL2, a.l2Gate);
    EXPECT_FALSE(a.device.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(Devices, SweepSpread, ::testing::Values(2, 3));

}  // namespace
}  // namespace fftscope::bench
