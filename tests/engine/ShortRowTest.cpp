// Short rows in a grouped pass (GroupedSteps.cpp's sectorRuns): 8 and 16 points a row taken by
// several work-items in two inner passes, so that neighbouring work-items read neighbouring
// points, planned for a GPU's limits and checked against FFTW in long double.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/planning/PassPlan.h"

#include <gtest/gtest.h>

namespace fftscope {
namespace {

const DeviceLimits kGpuLike{48 * 1024, 1024};

TEST(ShortRows, TakeTwoInnerPassesOfSeveralWorkItemsARow) {
  const std::vector<std::pair<std::size_t, std::vector<int>>> expected = {
      {8, {2, 4}}, {16, {4, 4}}, {32, {8, 4}}};
  for (const auto& [n, radices] : expected) {
    for (Precision precision : {Precision::F32, Precision::F64}) {
      const std::vector<GroupedStep> steps = groupedSteps(n, std::size_t{1} << 20, false, precision, kGpuLike);
      ASSERT_EQ(steps.size(), 1u) << n;
      EXPECT_EQ(steps[0].radices, radices) << n;
      // Neighbouring work-items read neighbouring points of a row: four of f32 fill a 32-byte sector.
      EXPECT_GE(steps[0].points / static_cast<std::size_t>(steps[0].radices[0]), 4u) << n;
    }
  }
}

class ShortRowsOnDevice : public ::testing::TestWithParam<LimitsCase> {};

TEST_P(ShortRowsOnDevice, MatchFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const LimitsCase& c = GetParam();
  if (c.d.precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  const std::vector<PassInfo> passes = planPasses(c.d, c.limits);
  ASSERT_FALSE(passes.empty()) << c.d.summary();
  ASSERT_EQ(passes[0].kind, PassKind::Grouped) << c.d.summary();
  EXPECT_EQ(passes[0].grouped.innerRadices.size(), 2u) << c.d.summary() << ": the short rows in two inner passes";
  const double gate = l2Gate(c.d.precision, c.d.points(), GateKind::Table);
  if (c.d.precision == Precision::F32)
    expectPassesMatchFftw<float>(*context, c.d, passes, gate, 5);
  else
    expectPassesMatchFftw<double>(*context, c.d, passes, gate, 5);
}

std::vector<LimitsCase> cases() {
  std::vector<LimitsCase> all;
  for (Precision precision : {Precision::F32, Precision::F64})
    for (std::size_t n : {8, 16})
      for (Direction direction : {Direction::Forward, Direction::Inverse})
        all.push_back(limitsCase(0, n, 1001, precision, kGpuLike, "gpu", direction));  // a last group part-full
  // 2D arrays whose row pass has short rows, before their column passes.
  for (Precision precision : {Precision::F32, Precision::F64}) {
    all.push_back(limitsCase(24, 16, 3, precision, kGpuLike, "gpu"));
    all.push_back(limitsCase(1000, 8, 1, precision, kGpuLike, "gpu", Direction::Inverse));
  }
  return all;
}

INSTANTIATE_TEST_SUITE_P(Plans, ShortRowsOnDevice, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<LimitsCase>& info) { return info.param.name; });

}  // namespace
}  // namespace fftscope
