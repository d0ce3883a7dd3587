// Which grouped passes take their lanes last to first (DeviceLimits::reverseGroups,
// alternateGroupOrder): every other one of a plan over more than one row, Rader's permutation
// after a pass in natural order, never a pass where Bluestein's or Rader's FFTs meet, and none
// with the order turned off. Plans for a GPU-like device; no device needed.
#include "engine/planning/PassPlan.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fftscope {
namespace {

const DeviceLimits kGpuLike{48 * 1024, 1024, true};

// 'r' for a pass last to first, '.' for one in natural order.
std::string orders(const std::vector<PassInfo>& passes) {
  std::string out;
  for (const PassInfo& pass : passes) out += pass.reverseGroups ? 'r' : '.';
  return out;
}

TEST(PassPlanGroupOrder, AlternatesOverManyRowsAndKeepsOneLongRowInOrder) {
  EXPECT_EQ(orders(planPasses(PlanDescription::oneD(65536, 256), kGpuLike)), ".r");
  EXPECT_EQ(orders(planPasses(PlanDescription::oneD(1 << 24, 1), kGpuLike)), "...");
  EXPECT_EQ(orders(planPasses(PlanDescription::twoD(4096, 4096, 1), kGpuLike)), ".r.");
  DeviceLimits steps = kGpuLike;
  steps.splitBluestein = false;  // Stockham steps of M = 2^21 (SplitBluesteinTest.cpp: the split)
  const std::vector<PassInfo> bluestein = planPasses(PlanDescription::oneD(1000003, 16), steps);
  ASSERT_EQ(bluestein.size(), 5u);
  EXPECT_TRUE(bluestein[2].hooks.filterMiddle);
  EXPECT_EQ(orders(bluestein), ".r.r.");
  const std::vector<PassInfo> split = planPasses(PlanDescription::oneD(1000003, 16), kGpuLike);
  ASSERT_EQ(split.size(), 3u);
  EXPECT_EQ(orders(split), "..r");
  const std::vector<PassInfo> rader = planPasses(PlanDescription::oneD(65537, 255), kGpuLike);
  ASSERT_EQ(rader.size(), 4u);
  EXPECT_EQ(rader.back().kernelName(), "rader_permute");
  EXPECT_EQ(orders(rader), "..r.");
  DeviceLimits natural = kGpuLike;
  natural.reverseGroups = false;
  EXPECT_EQ(orders(planPasses(PlanDescription::oneD(65536, 256), natural)), "..");
  EXPECT_EQ(orders(planPasses(PlanDescription::oneD(65537, 255), natural)), "....");
}

}  // namespace
}  // namespace fftscope
