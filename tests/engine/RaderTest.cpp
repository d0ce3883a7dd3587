// Rader's algorithm for primes whose n - 1 the grouped passes take (core/engine/Rader.h): the
// number theory, the planner's choice against Bluestein's, and the stage as a GPU plans it
// (gathered loads, the filter and the scattered stores in grouped passes of n - 1 points) against
// FFTW in long double, within the gate of the convolution algorithms. PoCL would not plan grouped
// passes, so the plans are made for a GPU-like device.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/reference/Accuracy.h"
#include "engine/algorithms/BluesteinTables.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/PassKernels.h"
#include "engine/planning/PassPlan.h"
#include "engine/runtime/Plan.h"
#include "engine/algorithms/Rader.h"
#include "engine/planning/StagePlanner.h"
#include "settings/ProcessSettings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

namespace fftscope {
namespace {

const DeviceLimits kGpuLike{48 * 1024, 1024, true};

// Rader's wherever it applies, also where the estimate finds Bluestein's cheaper (12289).
DeviceLimits raderPreferred() {
  DeviceLimits limits = kGpuLike;
  limits.preferRader = true;
  return limits;
}

TEST(RaderNumbers, PrimitiveRootsGenerateEveryNonZeroResidue) {
  EXPECT_EQ(primitiveRoot(3), 2u);
  EXPECT_EQ(primitiveRoot(7), 3u);
  EXPECT_EQ(primitiveRoot(97), 5u);
  EXPECT_EQ(primitiveRoot(257), 3u);
  EXPECT_EQ(primitiveRoot(65537), 3u);
  for (std::size_t n : {3u, 5u, 97u, 257u, 12289u}) {
    std::vector<std::uint32_t> powers = raderPowers(n);
    ASSERT_EQ(powers.size(), n - 1);
    EXPECT_EQ(powers.front(), 1u);
    std::sort(powers.begin(), powers.end());
    for (std::size_t i = 0; i < powers.size(); ++i) ASSERT_EQ(powers[i], i + 1) << n;
  }
  EXPECT_TRUE(isPrime(65537));
  EXPECT_TRUE(isPrime(1000003));
  EXPECT_FALSE(isPrime(65535));
  EXPECT_FALSE(isPrime(1));
  EXPECT_THROW(primitiveRoot(91), std::invalid_argument);  // 7 * 13
  // The side slots start past the filter and the powers, in whole complex values.
  EXPECT_EQ(raderSideAt(256, 8), 256u + 128u);
  EXPECT_EQ(raderSideAt(96, 16), 96u + 24u);
  EXPECT_EQ(raderSideAt(7, 8), 7u + 4u);
}

TEST(RaderNumbers, FilterIsTheTransformOfTheRootsPowers) {
  // FFT(b) / N with b[m] = w^(g^-m): a direct sum in long double for a short prime.
  const std::size_t n = 13, count = n - 1;
  const std::vector<std::uint32_t> powers = raderPowers(n);
  const std::vector<std::complex<long double>> filter = raderFilter(n, Direction::Forward);
  const long double pi = 3.141592653589793238462643383279502884L;
  for (std::size_t k = 0; k < count; ++k) {
    std::complex<long double> sum = 0;
    for (std::size_t m = 0; m < count; ++m) {
      const long double b = -2.0L * pi * powers[(count - m) % count] / n;
      const long double e = -2.0L * pi * static_cast<long double>(m * k) / count;
      sum += std::complex<long double>(std::cos(b), std::sin(b)) * std::complex<long double>(std::cos(e), std::sin(e));
    }
    EXPECT_NEAR(static_cast<double>(std::abs(filter[k] - sum / static_cast<long double>(count))), 0.0, 1e-15) << k;
  }
}

// The scatter in the last FFT pass (DeviceLimits::raderPermutePass off).
DeviceLimits scattering(DeviceLimits limits) {
  limits.raderPermutePass = false;
  return limits;
}

TEST(RaderPlan, TakesPrimesWhoseNMinusOneIsSmoothInThreeLaunches) {
  const PlanDescription d = PlanDescription::oneD(65537, 255);
  const std::vector<PassInfo> passes = planPasses(d, scattering(kGpuLike));
  ASSERT_EQ(passes.size(), 3u);
  for (const PassInfo& pass : passes) {
    EXPECT_EQ(pass.kind, PassKind::Grouped) << pass.label();
    EXPECT_TRUE(pass.hooks.rader) << pass.label();
    EXPECT_EQ(pass.length, 65536u) << pass.label();
    EXPECT_EQ(pass.padded, 65536u) << pass.label();
  }
  EXPECT_TRUE(passes[0].hooks.chirpIn);
  EXPECT_EQ(passes[0].source, kInput);
  EXPECT_TRUE(passes[1].hooks.filterMiddle);
  EXPECT_TRUE(passes[2].hooks.chirpOut);
  EXPECT_EQ(passes[2].destination, kOutput);
  EXPECT_NE(passes[0].label().find("+gather n=65537"), std::string::npos) << passes[0].label();
  // The scatter takes as many lanes as local memory holds (16 of 256 points in f32), the filter's
  // pass its step's 8, each work-item 16 points in both.
  EXPECT_EQ(passes[1].grouped.lanes, 8u);
  EXPECT_EQ(passes[2].grouped.lanes, 16u);
  EXPECT_EQ(passes[2].local[0], 16u * 256u / 16u);
  EXPECT_EQ(passes[2].global[0], 255u * 256u / 16u * passes[2].local[0]);
  const StageChoice c = chooseStage(65537, d, kGpuLike, 255);
  EXPECT_TRUE(c.rader && c.bluestein && c.fused);
  EXPECT_NE(c.reason.find("Rader over n - 1 = 65536"), std::string::npos) << c.reason;
  EXPECT_TRUE(usesBluestein(d)) << "Rader's stage keeps the convolution algorithms' gate";
}

TEST(RaderPlan, HoldsRowsThatOnePassTakesInLocalMemory) {
  // 257: one pass of 256 points each way, both in local memory, where the permutations cost about
  // half a round trip: cheaper than Bluestein's M = 640 (on the H200 0.189 ms against 0.348).
  const PlanDescription d = PlanDescription::oneD(257, 65280);
  const StageChoice c = chooseStage(257, d, kGpuLike, 65280);
  EXPECT_TRUE(c.rader && c.fused) << c.reason;
  const std::vector<PassInfo> passes = planPasses(d, kGpuLike);
  ASSERT_EQ(passes.size(), 2u);
  EXPECT_TRUE(passes[0].hooks.rader && passes[0].hooks.chirpIn && passes[0].hooks.filterOut);
  EXPECT_TRUE(passes[1].hooks.rader && passes[1].hooks.chirpOut);
  for (const PassInfo& pass : passes) {
    EXPECT_EQ(pass.span, 256u) << pass.label();
    EXPECT_EQ(pass.grouped.exchangeRounds, 1u) << pass.label();
  }
  // Two passes each way that permute in global memory weigh more: 12289 stays Bluestein's where
  // the last pass scatters (on the H200 0.56 ms against 0.59; 0.43 with the permuting pass), and
  // so does 1601 along columns read in place (1600 points of 4 columns exceed local memory),
  // while its rows hold 1600 points in one pass.
  EXPECT_FALSE(chooseStage(12289, PlanDescription::oneD(12289, 1365), scattering(kGpuLike), 1365).rader);
  EXPECT_TRUE(chooseStage(12289, PlanDescription::oneD(12289, 1365), kGpuLike, 1365).rader);
  const PlanDescription tall = PlanDescription::twoD(1601, 64, 1);
  EXPECT_TRUE(chooseStage(1601, tall, kGpuLike, 64, false).rader);
  EXPECT_FALSE(chooseStage(1601, tall, kGpuLike, 64, true).rader);
}

TEST(RaderPlan, LeavesOtherPrimesAndOtherPlansToBluestein) {
  // 1000002 = 2 * 3 * 166667: no grouped passes take it.
  EXPECT_FALSE(chooseStage(1000003, PlanDescription::oneD(1000003, 16), kGpuLike, 16).rader);
  DeviceLimits off = kGpuLike;
  off.rader = false;
  const StageChoice bluestein = chooseStage(65537, PlanDescription::oneD(65537, 255), off, 255);
  EXPECT_TRUE(bluestein.bluestein && !bluestein.rader);
  EXPECT_GE(bluestein.padded, 2u * 65537 - 1);
  for (const PassInfo& pass : planPasses(PlanDescription::oneD(65537, 3), off)) EXPECT_FALSE(pass.hooks.rader);
  DeviceLimits cpu = kGpuLike;
  cpu.groupedPasses = false;
  for (const PassInfo& pass : planPasses(PlanDescription::oneD(65537, 3), cpu)) EXPECT_FALSE(pass.hooks.any());
  PlanDescription r16 = PlanDescription::oneD(257, 3);
  r16.variant = Variant::R16;
  for (const PassInfo& pass : planPasses(r16, kGpuLike)) EXPECT_FALSE(pass.hooks.any()) << pass.label();
  // Composite lengths and primes small enough for a direct pass are not Rader's.
  EXPECT_FALSE(chooseStage(17, PlanDescription::oneD(17, 1), kGpuLike).bluestein);
  EXPECT_FALSE(chooseStage(65536, PlanDescription::oneD(65536, 1), kGpuLike).bluestein);
}

// X[0] = A[0] + x[0]: with x[0] taken from every a[q] instead, X[0] would be A[0] + n x[0], and a
// large x[0] would cancel there (on the H200 its error reached 10x the L2 error with random input).
TEST(RaderAccuracy, EveryBinWithinTheLinfGateWhenXZeroDwarfsTheRest) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  for (std::size_t n : {257u, 65537u}) {
    const PlanDescription d = PlanDescription::oneD(n, 2);
    Plan plan(*context, d, planPasses(d, raderPreferred()));
    std::vector<std::complex<float>> input = randomComplexF32(d.elements(), 29);
    for (std::size_t row = 0; row < d.batch; ++row) input[row * n] += std::complex<float>(300.0f, -200.0f);
    const HostRunResult<float> run = runOnHost(*context, plan, input);
    const auto expected = referenceTransform(input, d.rows, d.cols, d.batch, false, d.direction);
    const ErrorMeasures e = measureError(std::span<const std::complex<float>>(run.output),
                                        std::span<const std::complex<long double>>(expected));
    const double l2 = l2Gate(d.precision, n, GateKind::Transcendental);
    EXPECT_LE(e.relL2, l2) << n;
    EXPECT_LE(e.relLinf, 2 * l2) << n;
  }
}

// The scatter's wider group keeps every work-item's points, within the group cap, also where the
// group does not divide its lanes' points (32400 = 180 * 180: 8 lanes of 180 in 256 work-items).
TEST(RaderPlan, WidensTheScatterWithinTheGroupCap) {
  const DeviceLimits limits = scattering(raderPreferred());
  const std::vector<PassInfo> passes = planPasses(PlanDescription::oneD(32401, 1), limits);
  ASSERT_EQ(passes.size(), 3u);
  ASSERT_TRUE(passes[2].hooks.chirpOut && passes[2].hooks.rader);
  for (const PassInfo& pass : passes) EXPECT_LE(pass.local[0], limits.maxGroupItems) << pass.label();
  EXPECT_EQ(passes[2].local[0] * passes[0].grouped.lanes, passes[0].local[0] * passes[2].grouped.lanes);
}

// Rader's permuting pass: the last grouped pass stores in order into the padded rows, and the
// permutation writes X in the stage's layout, scaled there for the inverse.
TEST(RaderPlan, PermutesInAPassOfItsOwnWhereAsked) {
  const DeviceLimits limits = raderPreferred();
  PlanDescription d = PlanDescription::oneD(65537, 2);
  d.direction = Direction::Inverse;
  const std::vector<PassInfo> passes = planPasses(d, limits);
  ASSERT_EQ(passes.size(), 4u);
  EXPECT_FALSE(passes[2].hooks.any()) << passes[2].label();
  EXPECT_EQ(passes[2].bytesWritten, 65536u * 2 * 8);
  EXPECT_EQ(passes[3].kernelName(), "rader_permute");
  // The last radix (16) is even: outputs o and o + 32768 side by side, k and n - k a work-item.
  EXPECT_TRUE(passes[2].pairedOut && passes[3].pairedOut);
  EXPECT_EQ(passes[3].global[0], 32768u + 256u);
  EXPECT_EQ(passes[3].global[1], 2u);
  EXPECT_EQ(passes[3].scaleDivisor, 65537u);
  EXPECT_EQ(passes[2].scaleDivisor, 1u);
  EXPECT_EQ(passes[3].destination, kOutput);
  // Columns keep the scatter in their last pass.
  const std::vector<PassInfo> columns = planPasses(PlanDescription::twoD(65537, 16, 1), limits);
  EXPECT_TRUE(columns.back().hooks.chirpOut) << columns.back().label();
}

class RaderStage : public ::testing::TestWithParam<LimitsCase> {};

template <typename T>
void expectRaderMatchesFftw(cl::DeviceContext& context, const LimitsCase& c) {
  const std::vector<PassInfo> passes = planPasses(c.d, c.limits);
  std::size_t rader = 0;
  for (const PassInfo& pass : passes) {
    EXPECT_TRUE(!isBluesteinPass(pass) || pass.kernelName() == "rader_permute") << pass.label();
    rader += pass.hooks.rader;
  }
  ASSERT_GT(rader, 0u) << c.d.summary() << ": no pass runs Rader's stage";
  expectPassesMatchFftw<T>(context, c.d, passes, l2Gate(c.d.precision, c.d.points(), GateKind::Transcendental), 13);
}

TEST_P(RaderStage, MatchesFftwWithinTheConvolutionGate) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const LimitsCase& c = GetParam();
  if (c.d.precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  if (c.d.precision == Precision::F32)
    expectRaderMatchesFftw<float>(*context, c);
  else
    expectRaderMatchesFftw<double>(*context, c);
}

// The filter read during the first FFT's last exchange (FFTSCOPE_FILTER_PREFETCH=1): the filter
// pass of 65537's two passes each way, whose FFTs meet in registers, is built so and matches FFTW.
TEST(RaderFilter, ReadDuringTheFirstFftsLastExchangeMatchesFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const DeviceLimits rader = scattering(raderPreferred());
  DeviceLimits prefetching = rader;
  prefetching.filterPrefetch = true;
  for (const LimitsCase& c : {limitsCase(0, 65537, 3, Precision::F32, prefetching, "prefetch", Direction::Forward),
                              limitsCase(0, 65537, 2, Precision::F64, prefetching, "prefetch", Direction::Inverse)}) {
    SCOPED_TRACE(c.d.summary());
    const std::vector<PassInfo> passes = planPasses(c.d, c.limits);
    const auto filter = std::find_if(passes.begin(), passes.end(), [](const PassInfo& p) { return p.hooks.filterMiddle; });
    ASSERT_NE(filter, passes.end());
    EXPECT_EQ(filter->grouped.innerRadices.front(), filter->grouped.innerRadices.back()) << filter->label();  // they meet in registers
    EXPECT_NE(passBuildOptions(*filter, c.d.precision, c.d.direction).find("-D FILTER_PREFETCH=1"), std::string::npos);
    if (c.d.precision == Precision::F32)
      expectRaderMatchesFftw<float>(*context, c);
    else if (context->device().fp64)
      expectRaderMatchesFftw<double>(*context, c);
  }
  EXPECT_EQ(passBuildOptions(planPasses(PlanDescription::oneD(65537, 3), rader)[1], Precision::F32, Direction::Forward)
                .find("FILTER_PREFETCH"),
            std::string::npos);
}

std::vector<LimitsCase> raderCases() {
  std::vector<LimitsCase> all;
  const DeviceLimits rader = scattering(raderPreferred());
  DeviceLimits apart = rader;
  apart.bluesteinMiddle = false;
  const Precision f32 = Precision::F32, f64 = Precision::F64;
  const Direction forward = Direction::Forward, inverse = Direction::Inverse;
  // One grouped pass each way: the gather and the filter in one launch.
  all.push_back(limitsCase(0, 257, 1, f32, rader, "rader", forward));
  all.push_back(limitsCase(0, 257, 7, f64, rader, "rader", inverse));
  all.push_back(limitsCase(0, 97, 3, f32, rader, "rader", inverse));
  // Two passes each way, meeting in one launch; and apart.
  all.push_back(limitsCase(0, 65537, 3, f32, rader, "rader", forward));
  all.push_back(limitsCase(0, 65537, 2, f64, rader, "rader", inverse));
  all.push_back(limitsCase(0, 65537, 1, f32, apart, "fft_launches_apart", inverse));
  all.push_back(limitsCase(0, 12289, 2, f32, rader, "rader", forward));
  // A scatter whose group does not divide its lanes' points (32400 = 180 * 180, groups capped).
  all.push_back(limitsCase(0, 32401, 1, f32, rader, "rader", forward));
  // The last pass storing in order and a pass of its own permuting, each way, with the FFTs meeting
  // and apart, along rows of a 2D array, and a group that does not divide its lanes' points.
  DeviceLimits permute = rader, permuteApart = apart;
  permute.raderPermutePass = permuteApart.raderPermutePass = true;
  all.push_back(limitsCase(0, 65537, 3, f32, permute, "permuted", forward));
  all.push_back(limitsCase(0, 65537, 2, f64, permute, "permuted", inverse));
  all.push_back(limitsCase(0, 12289, 3, f32, permuteApart, "permuted_apart", inverse));
  all.push_back(limitsCase(0, 32401, 1, f64, permute, "permuted", forward));  // last radix 9: no pairs
  all.push_back(limitsCase(5, 12289, 1, f32, permute, "permuted", inverse));
  // 2D: Rader along rows, and along columns read in place.
  all.push_back(limitsCase(257, 97, 1, f32, rader, "rader", forward));
  all.push_back(limitsCase(97, 257, 2, f64, rader, "rader", inverse));
  return all;
}

INSTANTIATE_TEST_SUITE_P(Primes, RaderStage, ::testing::ValuesIn(raderCases()),
                         [](const ::testing::TestParamInfo<LimitsCase>& info) { return info.param.name; });

}  // namespace
}  // namespace fftscope
