// Composite inner radices (core/engine/planning/CompositeRadices.h, dft_pfa in kernels/common.cl): a power
// of two and an odd factor in one inner pass by the prime factor algorithm, planned for a GPU-like
// device and checked against FFTW in long double, every composite radix the kernel has.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/planning/CompositeRadices.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/reference/Accuracy.h"
#include "engine/runtime/Plan.h"

#include <algorithm>

#include <gtest/gtest.h>

namespace fftscope {
namespace {

DeviceLimits compositeLimits(std::size_t passValues) {
  DeviceLimits limits{48 * 1024, 1024};
  limits.compositeRadix = kLargestCompositeRadix;
  limits.innerPassValues = passValues;
  return limits;
}

std::vector<int> innerRadicesOf(const PlanDescription& d, const DeviceLimits& limits) {
  std::vector<int> radices;
  for (const PassInfo& pass : planPasses(d, limits))
    radices.insert(radices.end(), pass.grouped.innerRadices.begin(), pass.grouped.innerRadices.end());
  return radices;
}

template <typename T>
void expectMatches(cl::DeviceContext& context, PlanDescription d, const DeviceLimits& limits) {
  const std::vector<PassInfo> passes = planPasses(d, limits);
  const GateKind kind = gateKindFor(d.twiddle).value_or(GateKind::Table);
  expectPassesMatchFftw<T>(context, d, passes, l2Gate(d.precision, d.points(), kind), 11);
}

void expectBothPrecisions(cl::DeviceContext& context, PlanDescription d, const DeviceLimits& limits) {
  expectMatches<float>(context, d, limits);
  if (!context.device().fp64) return;
  d.precision = Precision::F64;
  expectMatches<double>(context, d, limits);
}

TEST(CompositeRadices, CostCountsWholeRoundsAndPasses) {
  // 4000 points, one lane, 200 work-items: 20 20 10 take 1 + 1 + 2 rounds.
  EXPECT_EQ(innerPassCost({20, 20, 10}, 1, 200, 8), 20u + 20u + 2u * 10u + 3u * 8u);
  // 8 4 5 5 5 with 256: 2*8 + 4*4 + 4*5 * 3 rounds and five passes.
  EXPECT_EQ(innerPassCost({8, 4, 5, 5, 5}, 1, 256, 8), 16u + 16u + 60u + 5u * 8u);
  EXPECT_TRUE(isCompositeRadix(40));
  EXPECT_TRUE(isCompositeRadix(6));
  EXPECT_FALSE(isCompositeRadix(80));  // past the kernel's largest
  EXPECT_FALSE(isCompositeRadix(25));  // no power of two in it
  EXPECT_FALSE(isCompositeRadix(34));  // 17 is no kernel radix
}

TEST(CompositeRadices, ParsesNamedSequences) {
  EXPECT_EQ(parseInnerRadices("20,20,10"), (std::vector<int>{20, 20, 10}));
  EXPECT_EQ(parseInnerRadices("8,4,5,5,5"), (std::vector<int>{8, 4, 5, 5, 5}));
  EXPECT_EQ(parseInnerRadices("25,9"), (std::vector<int>{25, 9}));
  EXPECT_TRUE(parseInnerRadices("80").empty());       // no composite of the kernel
  EXPECT_TRUE(parseInnerRadices("128,2").empty());    // powers of two up to 64
  EXPECT_TRUE(parseInnerRadices("2,2,2,2,2,2,2").empty());
  EXPECT_TRUE(parseInnerRadices("20,,10").empty());
  EXPECT_TRUE(parseInnerRadices("20x").empty());
  EXPECT_TRUE(parseInnerRadices("-5").empty());
  EXPECT_TRUE(parseInnerRadices("20,20,").empty());
  EXPECT_TRUE(parseInnerRadices("4294967308").empty());  // 12 once cut to 32 bits
  EXPECT_TRUE(parseInnerRadices("").empty());
}

TEST(CompositeRadices, PlansFewerInnerPassesOnlyWhenAsked) {
  DeviceLimits off{48 * 1024, 1024};
  off.compositeRadix = 0;
  EXPECT_EQ(innerRadicesOf(PlanDescription::oneD(4000, 3), off), (std::vector<int>{8, 4, 5, 5, 5}));
  // The default joins up to 12 (16 10 5 5 took 0.095 ms a 2^24-point batch on the H200, 8 4 5 5 5
  // 0.102, 20 20 10 0.112); a pass after others keeps plain radices.
  const DeviceLimits byDefault{48 * 1024, 1024};
  EXPECT_EQ(innerRadicesOf(PlanDescription::oneD(4000, 3), byDefault), (std::vector<int>{16, 10, 5, 5}));
  // A cheaper sequence of plain radices leaves the timed rules' plan: 3584 = 7 * 2^9 keeps 8 8 8 7.
  EXPECT_EQ(innerRadicesOf(PlanDescription::oneD(3584, 3), byDefault), innerRadicesOf(PlanDescription::oneD(3584, 3), off));
  const std::vector<PassInfo> twoSteps = planPasses(PlanDescription::oneD(48000, 3), byDefault);
  ASSERT_EQ(twoSteps.size(), 2u);
  EXPECT_EQ(twoSteps[1].grouped.innerRadices, (std::vector<int>{16, 3, 5}));
  const std::vector<int> joined = innerRadicesOf(PlanDescription::oneD(4000, 3), compositeLimits(8));
  EXPECT_EQ(joined.size(), 3u);
  EXPECT_TRUE(std::any_of(joined.begin(), joined.end(), isCompositeRadix));
  EXPECT_FALSE(compositeInnerRadices({2, 2, 5}, 1, 256, off).has_value()) << "compositeRadix 0: none";
  // More odd factors than inner passes: none, at once (a device's limits may let a step hold
  // 2^20 * 5^7 points; the search stays within six passes).
  std::vector<std::size_t> many(20, 2);
  many.insert(many.end(), 7, 5);
  EXPECT_FALSE(compositeInnerRadices(many, 1, 256, byDefault).has_value());
  std::vector<std::size_t> twelve(12, 2);  // 2^12 * 5^6: six passes, each a power of two and a five
  twelve.insert(twelve.end(), 6, 5);
  const auto six = compositeInnerRadices(twelve, 1, 256, compositeLimits(8));
  ASSERT_TRUE(six.has_value());
  EXPECT_EQ(six->radices.size(), 6u);
}

// Each composite radix alone (a pass's trip through local memory priced above any rounds, so one
// inner pass wins), then lengths and 2D shapes that mix them with plain radices.
TEST(CompositeRadices, EveryKernelRadixMatchesFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const DeviceLimits onePass = compositeLimits(256);
  for (int r : {6, 10, 12, 14, 18, 20, 22, 24, 26, 28, 36, 40, 44, 48, 52, 56}) {
    ASSERT_TRUE(isCompositeRadix(r));
    const PlanDescription d = PlanDescription::oneD(static_cast<std::size_t>(r), 7);
    ASSERT_EQ(innerRadicesOf(d, onePass), (std::vector<int>{r})) << r;
    expectBothPrecisions(*context, d, onePass);
  }
  // The odd pairs that merging odd radices makes (innerRadices' 3 * 5, 3 * 7), named.
  for (int r : {15, 21}) {
    DeviceLimits named = onePass;
    named.innerRadices = {r};
    const PlanDescription d = PlanDescription::oneD(static_cast<std::size_t>(r), 7);
    ASSERT_EQ(innerRadicesOf(d, named), (std::vector<int>{r})) << r;
    expectBothPrecisions(*context, d, named);
  }
}

TEST(CompositeRadices, MixedLengthsAndShapesMatchFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const DeviceLimits limits = compositeLimits(8);
  for (std::size_t n : {std::size_t{1000}, std::size_t{1080}, std::size_t{1920}, std::size_t{4000},
                        std::size_t{12288}, std::size_t{48000}, std::size_t{2002}})
    expectBothPrecisions(*context, PlanDescription::oneD(n, 3), limits);
  expectBothPrecisions(*context, PlanDescription::twoD(3000, 24, 1), limits);
  expectBothPrecisions(*context, PlanDescription::twoD(1080, 40, 1), limits);
}

}  // namespace
}  // namespace fftscope
