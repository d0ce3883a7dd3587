// Inner radices of 32 and 64 (dft_ct in kernels/common.cl, DeviceLimits::wideRadices): one work-item
// does a butterfly of 32 or 64 points in registers by a Cooley-Tukey step, so that a register-held
// pass goes through local memory fewer times. The planner's choice with and without them, and the
// kernels against FFTW in long double, in local-memory passes (named) and register-held ones.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/planning/CompositeRadices.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/reference/Accuracy.h"
#include "engine/runtime/PassKernels.h"
#include "engine/runtime/Plan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace fftscope {
namespace {

DeviceLimits gpuLike(bool wide, std::size_t values) {
  DeviceLimits limits{48 * 1024, 1024};
  limits.registerCap = true;
  limits.registerValues = values;
  limits.wideRadices = wide;
  return limits;
}

std::vector<int> heldRadices(std::size_t n, std::size_t rows, bool columns, Precision precision,
                             const DeviceLimits& limits) {
  const std::vector<GroupedStep> steps = groupedSteps(n, rows, columns, precision, limits);
  return steps.size() == 1 ? steps[0].radices : std::vector<int>{};
}

TEST(WideRadices, NamedAndParsedUpTo64) {
  EXPECT_EQ(parseInnerRadices("16,16,64"), (std::vector<int>{16, 16, 64}));
  EXPECT_EQ(parseInnerRadices("32,32"), (std::vector<int>{32, 32}));
  EXPECT_TRUE(parseInnerRadices("128,8").empty());
}

TEST(WideRadices, RegisterHeldStepsTakeThemWhereTheySaveAnExchange) {
  // 16384 f32 points of 64 values: 16 16 64 (two exchanges) where plain radices take 16 16 16 4.
  EXPECT_EQ(heldRadices(16384, 1024, false, Precision::F32, gpuLike(false, 0)), (std::vector<int>{16, 16, 16, 4}));
  EXPECT_EQ(heldRadices(16384, 1024, false, Precision::F32, gpuLike(true, 0)), (std::vector<int>{16, 16, 64}));
  // A wide radix has one butterfly a work-item, so it only reads from the exchange: never first.
  for (std::size_t n : {std::size_t{8192}, std::size_t{16384}}) {
    const std::vector<int> radices = heldRadices(n, 1024, false, Precision::F32, gpuLike(true, 0));
    ASSERT_FALSE(radices.empty()) << n;
    for (std::size_t i = 0; i + 1 < radices.size(); ++i) EXPECT_LE(radices[i], 16) << n;
  }
  // Not in strided steps, where they would take 64 values in 128 work-items (2^20 x 16 as 32 32
  // took 2.8 times as long on the H200), nor in 2D columns, nor in f64.
  const DeviceLimits wide = gpuLike(true, 0);
  auto largest = [](const std::vector<GroupedStep>& steps) {
    int r = 0;
    for (const GroupedStep& step : steps)
      for (int radix : step.radices) r = std::max(r, radix);
    return r;
  };
  EXPECT_EQ(groupedSteps(std::size_t{1} << 20, 16, false, Precision::F32, wide).size(), 2u);
  EXPECT_LE(largest(groupedSteps(std::size_t{1} << 20, 16, false, Precision::F32, wide)), 16);
  EXPECT_LE(largest(groupedSteps(1024, 16384, true, Precision::F32, wide)), 16);
  for (std::size_t n : {std::size_t{4096}, std::size_t{8192}})
    EXPECT_LE(largest(groupedSteps(n, 1024, false, Precision::F64, wide)), 16) << n;
  // Nor in Bluestein's fused stages, even where more values are asked for (FFTSCOPE_REGISTER_VALUES).
  for (std::size_t values : {std::size_t{0}, std::size_t{32}, std::size_t{64}})
    for (const PassInfo& pass : planPasses(PlanDescription::oneD(4099, 3), gpuLike(true, values)))
      for (int r : pass.grouped.innerRadices) EXPECT_LE(r, 16) << values << " " << pass.label();
  // Off (FFTSCOPE_WIDE_RADICES=0), no plan has them.
  const DeviceLimits plain = gpuLike(false, 0);
  for (std::size_t n : {std::size_t{8192}, std::size_t{16384}, std::size_t{1} << 20})
    EXPECT_LE(largest(groupedSteps(n, 16, false, Precision::F32, plain)), 16) << n;
}

TEST(WideRadices, SixtyFourValuePassesReadEveryTwiddleUnlessAsked) {
  // On the H200 16384 as 16 16 64 took 0.113 ms reading every twiddle, 0.371 with the steps.
  DeviceLimits limits = gpuLike(true, 0);
  const PlanDescription d = PlanDescription::oneD(16384, 4);
  const std::vector<PassInfo> passes = planPasses(d, limits);
  ASSERT_EQ(passes.size(), 1u);
  ASSERT_EQ(passes[0].grouped.innerRadices, (std::vector<int>{16, 16, 64}));
  EXPECT_EQ(passBuildOptions(passes[0], d.precision, d.direction).find("INNER_STEPS"), std::string::npos);
  limits.innerStepsEverywhere = true;  // FFTSCOPE_INNER_STEPS=all
  EXPECT_NE(passBuildOptions(planPasses(d, limits)[0], d.precision, d.direction).find("INNER_STEPS=1"), std::string::npos);
}

template <typename T>
void expectMatches(cl::DeviceContext& context, const PlanDescription& d, const DeviceLimits& limits, int widest) {
  const std::vector<PassInfo> passes = planPasses(d, limits);
  bool wide = false;
  for (const PassInfo& pass : passes)
    for (int r : pass.grouped.innerRadices) wide = wide || r == widest;
  ASSERT_TRUE(wide) << d.summary();
  const GateKind kind = gateKindFor(d.twiddle).value_or(GateKind::Table);
  expectPassesMatchFftw<T>(context, d, passes, l2Gate(d.precision, d.points(), kind), 11);
}

TEST(WideRadices, LocalMemoryPassesMatchFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  DeviceLimits named{48 * 1024, 1024};
  for (const std::vector<int>& radices : {std::vector<int>{32}, std::vector<int>{64}, std::vector<int>{32, 32},
                                          std::vector<int>{16, 64}, std::vector<int>{64, 32}}) {
    named.innerRadices = radices;
    PlanDescription d = PlanDescription::oneD(static_cast<std::size_t>(productOf(radices)), 5);
    expectMatches<float>(*context, d, named, radices.back());
    d.direction = Direction::Inverse;
    expectMatches<float>(*context, d, named, radices.back());
    if (!context->device().fp64) continue;
    d.precision = Precision::F64;
    expectMatches<double>(*context, d, named, radices.back());
  }
}

TEST(WideRadices, RegisterHeldPassesMatchFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  // 16384 as 16 16 64 (64 values) and 8192 as 16 16 32 (32 values), both directions.
  const DeviceLimits perStep = gpuLike(true, 0);
  ASSERT_EQ(heldRadices(8192, 2, false, Precision::F32, perStep), (std::vector<int>{16, 16, 32}));
  for (Direction direction : {Direction::Forward, Direction::Inverse}) {
    PlanDescription rows = PlanDescription::oneD(16384, 2);
    rows.direction = direction;
    expectMatches<float>(*context, rows, gpuLike(true, 64), 64);
    rows = PlanDescription::oneD(8192, 3);
    rows.direction = direction;
    expectMatches<float>(*context, rows, perStep, 32);
  }
}

}  // namespace
}  // namespace fftscope
