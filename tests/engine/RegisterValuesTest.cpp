// Register-held passes of 16, 32 or 64 values a work-item (core/engine/planning/RegisterExchange.h,
// DeviceLimits::registerValues): the exchange check for more values, the planner's choice a step
// (the fewest values that take the fewest inner passes), the build options it brings, that
// Bluestein's and Rader's fused stages keep 16, and that a group a driver refuses is planned again
// with 16. The kernels themselves run against FFTW in tests/engine/RegisterPassTest.cpp (rows32,
// rows64).
#include "engine/planning/GroupRefusal.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/planning/PassPlan.h"
#include "engine/planning/PlanCandidates.h"
#include "engine/planning/PlanChoice.h"
#include "engine/planning/RegisterExchange.h"
#include "engine/runtime/PassKernels.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace fftscope {
namespace {

// Radices up to 16: the rules below were made for them (WideRadixTest.cpp has 32 and 64).
DeviceLimits plainRadices() {
  DeviceLimits limits{48 * 1024, 1024};
  limits.wideRadices = false;
  return limits;
}
const DeviceLimits kGpuLike = plainRadices();

TEST(RegisterValues, ThirtyTwoValuesLetRadixEightPassesWriteInRounds) {
  // 16384 points, 1 lane, 512 work-items, 4 rounds, 32 values: four butterflies of each radix-8
  // pass a work-item.
  RegisterExchange e{16384, 1, 512, 4, 32, {8, 8, 8, 8, 4}};
  EXPECT_TRUE(exchangeSlicesExact(e));
  e.radices = {16, 16, 16, 4};  // two of a radix-16 pass: too few for four rounds
  EXPECT_FALSE(exchangeSlicesExact(e));
  e.values = 16;  // the group then holds half the points
  e.radices = {8, 8, 8, 8, 4};
  EXPECT_FALSE(exchangeSlicesExact(e));
}

TEST(RegisterValues, MoreValuesWhereTheyTakeFewerInnerPasses) {
  // What limitsOf gives a GPU: 16, 32 or 64 values a step.
  DeviceLimits perStep = kGpuLike;
  perStep.registerValues = 0;
  // 4096 f64 points: 32 values take three radix-16 passes where 16 take four of radix 8.
  const auto rows4kF64 = groupedSteps(4096, 1024, false, Precision::F64, perStep);
  ASSERT_EQ(rows4kF64.size(), 1u);
  EXPECT_EQ(rows4kF64[0].values, 32u);
  EXPECT_EQ(rows4kF64[0].group, 128u);
  EXPECT_EQ(rows4kF64[0].radices, (std::vector<int>{16, 16, 16}));
  EXPECT_EQ(groupedSteps(4096, 1024, false, Precision::F64, kGpuLike)[0].radices.size(), 4u);
  // 8192 f32 points and 2^20's strided steps: as many passes either way, so 16.
  EXPECT_EQ(groupedSteps(8192, 1024, false, Precision::F32, perStep)[0].values, 16u);
  DeviceLimits capped = perStep;
  capped.registerCap = true;
  const auto long20 = groupedSteps(std::size_t{1} << 20, 16, false, Precision::F32, capped);
  ASSERT_EQ(long20.size(), 2u);
  for (const GroupedStep& step : long20) {
    EXPECT_EQ(step.values, 16u);
    EXPECT_EQ(step.group, 512u);
  }
  // Capped: 16384 f32 points in 256 work-items of 64 (16 16 16 4, where 32 take 8 8 8 8 4 and
  // 16 take 4 4 4 4 4 16), 8192 f64 in 256 of 32: 64 f64 values would need 288 registers a
  // work-item, more than a cap allows, so none are planned even when asked for.
  const auto rows16k = groupedSteps(16384, 1024, false, Precision::F32, capped);
  ASSERT_EQ(rows16k.size(), 1u);
  EXPECT_EQ(rows16k[0].values, 64u);
  EXPECT_EQ(rows16k[0].group, 256u);
  EXPECT_EQ(rows16k[0].radices, (std::vector<int>{16, 16, 16, 4}));
  DeviceLimits thirtyTwo = capped;
  thirtyTwo.registerValues = 32;
  EXPECT_EQ(groupedSteps(16384, 1024, false, Precision::F32, thirtyTwo)[0].radices, (std::vector<int>{8, 8, 8, 8, 4}));
  EXPECT_EQ(groupedSteps(8192, 1024, false, Precision::F64, capped)[0].values, 32u);
  EXPECT_EQ(groupedSteps(8192, 1024, false, Precision::F64, capped)[0].group, 256u);
  DeviceLimits sixtyFour = capped;
  sixtyFour.registerValues = 64;
  for (const GroupedStep& step : groupedSteps(8192, 1024, false, Precision::F64, sixtyFour)) EXPECT_NE(step.values, 64u);
  // Bluestein's and Rader's fused stages keep 16 (M = 16384 for 4099 points), and are costed so:
  // lengths whose choice between them would turn on 64-value steps plan as with 16 values.
  std::size_t held = 0;
  for (const PassInfo& pass : planPasses(PlanDescription::oneD(4099, 3), capped))
    if (pass.kind == PassKind::Grouped && pass.grouped.exchangeRounds > 1) {
      EXPECT_EQ(pass.grouped.values, 16u) << pass.label();
      ++held;
    }
  EXPECT_EQ(held, 2u);
  DeviceLimits cappedSixteen = capped;
  cappedSixteen.registerValues = 16;
  for (std::size_t n : {4159, 4357, 5281}) {
    std::vector<std::string> perStepLabels, sixteenLabels;
    for (const PassInfo& pass : planPasses(PlanDescription::oneD(n, 16), capped)) perStepLabels.push_back(pass.label());
    for (const PassInfo& pass : planPasses(PlanDescription::oneD(n, 16), cappedSixteen)) sixteenLabels.push_back(pass.label());
    EXPECT_EQ(perStepLabels, sixteenLabels) << n;
  }
  // A sequence by name (FFTSCOPE_INNER_RADICES) where the exchange holds for it; else the planner's.
  DeviceLimits named = capped;
  named.innerRadices = {4, 8, 8, 8, 8};
  EXPECT_EQ(groupedSteps(16384, 1024, false, Precision::F32, named)[0].radices, named.innerRadices);
  named.innerRadices = {8, 8, 4, 8, 8};  // with the fewest values it holds for
  EXPECT_EQ(groupedSteps(16384, 1024, false, Precision::F32, named)[0].values, 32u);
  named.registerValues = 32;
  named.innerRadices = {16, 16, 16, 4};  // radix 16 has two butterflies of 32 values: the planner's
  EXPECT_EQ(groupedSteps(16384, 1024, false, Precision::F32, named)[0].radices, (std::vector<int>{8, 8, 8, 8, 4}));
  // The cap for 256 work-items, and twiddles read one by one (no INNER_STEPS) in 64-value passes
  // and in 32-value ones of radices up to 8.
  PlanDescription d;
  d.cols = 16384;
  const std::vector<PassInfo> passes = planPasses(d, capped);
  ASSERT_EQ(passes.size(), 1u);
  const std::string options = passBuildOptions(passes[0], d.precision, d.direction);
  EXPECT_NE(options.find("-cl-nv-maxrregcount=255"), std::string::npos) << options;
  EXPECT_EQ(options.find("INNER_STEPS"), std::string::npos) << options;
  // Nor a declared group size (unless FFTSCOPE_REQD_GROUP=all), which 16- and 32-value passes keep.
  EXPECT_NE(options.find("-D REQD_GROUP=0"), std::string::npos) << options;
  DeviceLimits declared = capped;
  declared.reqdWideHeld = true;
  EXPECT_EQ(passBuildOptions(planPasses(d, declared)[0], d.precision, d.direction).find("REQD_GROUP"), std::string::npos);
  const std::string eights = passBuildOptions(planPasses(d, thirtyTwo)[0], d.precision, d.direction);
  EXPECT_NE(eights.find("-cl-nv-maxrregcount=128"), std::string::npos) << eights;
  EXPECT_EQ(eights.find("INNER_STEPS"), std::string::npos) << eights;
  EXPECT_EQ(eights.find("REQD_GROUP"), std::string::npos) << eights;
  capped.registerValues = 16;
  EXPECT_NE(passBuildOptions(planPasses(d, capped)[0], d.precision, d.direction).find("INNER_STEPS=1"),
            std::string::npos);
  EXPECT_EQ(passBuildOptions(planPasses(d, capped)[0], d.precision, d.direction).find("REQD_GROUP"),
            std::string::npos);
  // Radix 16 keeps them in 32-value passes too (4096 f64 points as 16 16 16).
  d.cols = 4096;
  d.precision = Precision::F64;
  const std::vector<PassInfo> f64Rows = planPasses(d, perStep);
  ASSERT_EQ(f64Rows.size(), 1u);
  EXPECT_EQ(f64Rows[0].grouped.values, 32u);
  EXPECT_NE(passBuildOptions(f64Rows[0], d.precision, d.direction).find("INNER_STEPS=1"), std::string::npos);
}

TEST(RegisterValues, SixteenValuesAreACandidateTakenOnlyWhenMeasured) {
  DeviceLimits perStep = kGpuLike;
  perStep.registerValues = 0;
  perStep.registerCap = true;
  const std::vector<PlanCandidate> list = planCandidates(PlanDescription::oneD(16384, 4), perStep);
  const auto sixteen = std::find_if(list.begin(), list.end(), [](const PlanCandidate& c) { return c.name == "auto values=16"; });
  ASSERT_NE(sixteen, list.end());
  EXPECT_TRUE(sixteen->measureOnly);
  ASSERT_EQ(sixteen->passes.size(), 1u);
  EXPECT_EQ(sixteen->passes[0].grouped.values, 16u);
  WisdomEntry stored;
  stored.candidate = "auto values=16";
  stored.milliseconds = 0.1;
  EXPECT_EQ(choosePlan(PlanDescription::oneD(16384, 4), perStep, &stored).chosen.name, "auto values=16");
  EXPECT_NE(choosePlan(PlanDescription::oneD(16384, 4), perStep, nullptr).chosen.name, "auto values=16");
  // Where auto's steps hold 16 already, it is auto's own plan and no candidate.
  for (const PlanCandidate& c : planCandidates(PlanDescription::oneD(8192, 4), perStep)) EXPECT_NE(c.name, "auto values=16");
}

// A driver that gives a register-held pass fewer work-items than it needs: the plan is made again
// with 16 values a work-item (more work-items, fewer registers each), and only then within local
// memory.
TEST(RegisterValues, ARefusedGroupTriesSixteenValuesBeforeLocalMemory) {
  DeviceLimits gpu = kGpuLike;
  gpu.registerValues = 0;
  gpu.registerCap = true;
  const auto heldValues = [](const DeviceLimits& limits) {
    std::vector<std::size_t> values;
    for (const GroupedStep& step : groupedSteps(16384, 1024, false, Precision::F32, limits))
      if (step.rounds > 1) values.push_back(step.values);
    return values;
  };
  EXPECT_EQ(heldValues(gpu), (std::vector<std::size_t>{64}));
  const std::optional<DeviceLimits> sixteen = limitsAfterRefusal(gpu);
  ASSERT_TRUE(sixteen.has_value());
  EXPECT_TRUE(sixteen->registerPasses);
  EXPECT_EQ(heldValues(*sixteen), (std::vector<std::size_t>{16}));
  const std::optional<DeviceLimits> local = limitsAfterRefusal(*sixteen);
  ASSERT_TRUE(local.has_value());
  EXPECT_FALSE(local->registerPasses);
  EXPECT_TRUE(heldValues(*local).empty());
  EXPECT_FALSE(limitsAfterRefusal(*local).has_value());
  // Asked for 64 values (FFTSCOPE_REGISTER_VALUES=64), the retry also takes 16.
  DeviceLimits asked = gpu;
  asked.registerValues = 64;
  ASSERT_TRUE(limitsAfterRefusal(asked).has_value());
  EXPECT_EQ(limitsAfterRefusal(asked)->registerValues, kRegisterValues);
  // A hand-made DeviceLimits holds 16 already: straight to local memory.
  ASSERT_TRUE(limitsAfterRefusal(kGpuLike).has_value());
  EXPECT_FALSE(limitsAfterRefusal(kGpuLike)->registerPasses);
  // A retry that plans the refused passes again is skipped: 8192 f32 points hold 16 values either
  // way, while 16384's 64 values become 16.
  const PlanDescription rows8k = PlanDescription::oneD(8192, 4), rows16k = PlanDescription::oneD(16384, 4);
  EXPECT_TRUE(samePasses(planPasses(rows8k, gpu), planPasses(rows8k, *sixteen)));
  EXPECT_FALSE(samePasses(planPasses(rows16k, gpu), planPasses(rows16k, *sixteen)));
  EXPECT_FALSE(samePasses(planPasses(rows8k, *sixteen), planPasses(rows8k, *local)));
}

}  // namespace
}  // namespace fftscope
