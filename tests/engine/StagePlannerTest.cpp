// The planner's choice per axis as plain data: factors, direct passes or Bluestein, and why.
#include "engine/planning/PassPlan.h"
#include "engine/planning/StagePlanner.h"

#include <gtest/gtest.h>

namespace fftscope {
namespace {

const DeviceLimits kGpuLike{48 * 1024, 1024};

std::size_t product(const std::vector<int>& radices) {
  std::size_t p = 1;
  for (int r : radices) p *= static_cast<std::size_t>(r);
  return p;
}

TEST(StagePlanner, FactorTextNamesPrimePowers) {
  EXPECT_EQ(factorText(1000), "2^3*5^3");
  EXPECT_EQ(factorText(2053), "2053");
  EXPECT_EQ(factorText(30030), "2*3*5*7*11*13");
  EXPECT_EQ(factorText(1), "1");
}

class DirectLengths : public ::testing::TestWithParam<std::size_t> {};

TEST_P(DirectLengths, FactorsMultiplyToTheLengthWithPowersOfTwoFirst) {
  const std::size_t n = GetParam();
  for (Variant v : allVariants()) {
    PlanDescription d = PlanDescription::oneD(n);
    d.variant = v;
    StageChoice c = chooseStage(n, d, kGpuLike);
    ASSERT_FALSE(c.bluestein) << c.reason;
    std::size_t local = c.factors.localPoints ? c.factors.localPoints : 1;
    EXPECT_EQ(local * product(c.factors.radices), n) << c.reason;
    bool odd = false;
    for (int r : c.factors.radices) {
      EXPECT_FALSE(odd && r % 2 == 0) << "a power-of-two pass after an odd one: " << c.reason;
      odd = odd || r % 2 == 1;
      if (radixOf(v) && r % 2 == 0) {
        EXPECT_LE(r, radixOf(v)) << c.reason;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, DirectLengths, ::testing::Values(3, 6, 1000, 1001, 30030, 746496, 17, 31 * 64));

TEST(StagePlanner, LargePrimesGoThroughBluesteinWithAPaddingOfAtLeastTwiceTheLength) {
  DeviceLimits bluesteinOnly = kGpuLike;
  bluesteinOnly.rader = false;  // Rader's for primes with a smooth n - 1: RaderTest.cpp
  for (std::size_t n : {37, 97, 2053, 4099, 65537, 1000003}) {
    StageChoice c = chooseStage(n, PlanDescription::oneD(n), bluesteinOnly);
    EXPECT_TRUE(c.bluestein) << c.reason;
    EXPECT_GE(c.padded, 2 * n - 1);
    EXPECT_LE(c.padded, 4 * n);
    EXPECT_TRUE(directApplies(c.padded)) << c.reason;
    EXPECT_NE(c.reason.find("Bluestein over M = " + std::to_string(c.padded)), std::string::npos) << c.reason;
  }
}

TEST(StagePlanner, SmallPrimesTakeADirectPassBecauseItCostsLessThanBluestein) {
  StageChoice c = chooseStage(17, PlanDescription::oneD(17), kGpuLike);
  EXPECT_FALSE(c.bluestein) << c.reason;
  EXPECT_EQ(c.factors.radices, std::vector<int>{17});
  EXPECT_NE(c.reason.find("Bluestein"), std::string::npos) << "the reason names the alternative: " << c.reason;
}

TEST(StagePlanner, BluesteinPassesRouteThroughThePaddedBuffersOnly) {
  // Separate chirp and filter launches: where `auto` plans no grouped passes (BluesteinFusedTest
  // has the grouped ones).
  PlanDescription d = PlanDescription::oneD(2053, 3);
  DeviceLimits cpu = kGpuLike;
  cpu.groupedPasses = false;
  auto passes = planPasses(d, cpu);
  ASSERT_GE(passes.size(), 5u);
  EXPECT_EQ(passes.front().kernelName(), "chirp_pad");
  EXPECT_EQ(passes.front().source, kInput);
  EXPECT_EQ(passes.back().kernelName(), "chirp_unpad");
  EXPECT_EQ(passes.back().destination, kOutput);
  for (const PassInfo& pass : passes) {
    EXPECT_NE(pass.source, pass.destination) << pass.label();
    EXPECT_NE(pass.destination, kInput) << pass.label();
  }
  EXPECT_EQ(slotElements(passes, kScratchC, d.elements()), passes.front().padded * 3);
  EXPECT_TRUE(usesBluestein(d));
  EXPECT_FALSE(usesBluestein(PlanDescription::oneD(1000)));
  EXPECT_TRUE(usesBluestein(PlanDescription::twoD(2053, 4)));
}

TEST(StagePlanner, BluesteinTakesTheConvolutionLengthThatMovesTheLeast) {
  // On a GPU, 65537 needs two grouped passes each way whether M is 2^18 or about 2^17: the
  // smaller M wins. Without grouped passes, the local pass and radix passes decide.
  DeviceLimits cpu = kGpuLike;
  cpu.groupedPasses = false;
  for (const DeviceLimits& limits : {kGpuLike, cpu}) {
    const StageChoice c = chooseStage(65537, PlanDescription::oneD(65537, 255), limits, 255);
    ASSERT_TRUE(c.bluestein) << c.reason;
    EXPECT_LT(c.padded, std::size_t{1} << 18) << c.reason;
    EXPECT_EQ(c.fused, limits.groupedPasses) << c.reason;
    EXPECT_NE(c.reason.find("M = 262144"), std::string::npos) << "the reason names the power of two: " << c.reason;
  }
  // Bluestein or not does not depend on the device.
  for (std::size_t n : {37, 2053, 1000003})
    EXPECT_EQ(chooseStage(n, PlanDescription::oneD(n), kGpuLike).bluestein,
              chooseStage(n, PlanDescription::oneD(n), cpu).bluestein);
}

TEST(StagePlanner, ReasonsNameEachAxis) {
  auto lines = stageReasons(PlanDescription::twoD(1080, 1920), kGpuLike);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[0].find("rows of 1920 = 2^7*3*5"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find("columns of 1080 = 2^3*3^3*5"), std::string::npos) << lines[1];
}

}  // namespace
}  // namespace fftscope
