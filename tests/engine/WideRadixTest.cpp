// Inner radices of 32 and 64 (dft_ct in kernels/common.cl, DeviceLimits::wideRadices): one work-item
// does a butterfly of 32 or 64 points in registers by a Cooley-Tukey step, so that a register-held
// pass goes through local memory fewer times. The planner's choice with and without them, and the
// kernels against FFTW in long double, in local-memory passes (named) and register-held ones.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/Accuracy.h"
#include "engine/CompositeRadices.h"
#include "engine/GroupedPlanner.h"
#include "engine/Plan.h"

#include <gtest/gtest.h>

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
  // Off (the default), no plan has them.
  const DeviceLimits plain = gpuLike(false, 0);
  for (std::size_t n : {std::size_t{8192}, std::size_t{16384}, std::size_t{1} << 20})
    for (const GroupedStep& step : groupedSteps(n, 16, false, Precision::F32, plain))
      for (int r : step.radices) EXPECT_LE(r, 16) << n;
}

template <typename T>
void expectMatches(cl::DeviceContext& context, const PlanDescription& d, const DeviceLimits& limits, int widest) {
  const std::vector<PassInfo> passes = planPasses(d, limits);
  bool wide = false;
  for (const PassInfo& pass : passes)
    for (int r : pass.innerRadices) wide = wide || r == widest;
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
  // 16384 as 16 16 64 (64 values), 8192 as the planner's wide sequence, 2^20's two strided steps.
  PlanDescription rows = PlanDescription::oneD(16384, 2);
  expectMatches<float>(*context, rows, gpuLike(true, 64), 64);
  rows.direction = Direction::Inverse;
  expectMatches<float>(*context, rows, gpuLike(true, 64), 64);
  const DeviceLimits perStep = gpuLike(true, 0);
  const std::vector<int> radices8k = heldRadices(8192, 2, false, Precision::F32, perStep);
  ASSERT_FALSE(radices8k.empty());
  expectMatches<float>(*context, PlanDescription::oneD(8192, 2), perStep, radices8k.back());
}

}  // namespace
}  // namespace fftscope
