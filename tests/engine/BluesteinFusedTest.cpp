// Bluestein's stage as a GPU plans it: grouped FFTs of M with the chirps and the filter's
// spectrum in their first loads and last stores (no element-wise launches), against FFTW in long
// double within the Bluestein gate 5·u·√log2 N. PoCL would plan the element-wise launches, so the
// plans here are made for a GPU-like device (48 KiB of local memory, 1024 work-items, grouped
// passes on). Every new kernel costs PoCL seconds to build: the cases share kernels where they
// can (batches of one length and precision build the same ones) and spread the batches, the
// precisions and the directions over the lengths rather than multiplying them out.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/planning/GroupedPasses.h"
#include "engine/planning/PlanCandidates.h"
#include "engine/planning/StagePlanner.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/HostRun.h"
#include "engine/runtime/Plan.h"

#include <gtest/gtest.h>

namespace fftscope {
namespace {

// Bluestein's alone: primes with a smooth n - 1 would go by Rader's (RaderTest.cpp).
DeviceLimits bluesteinOnlyGpu() {
  DeviceLimits limits{48 * 1024, 1024, true};
  limits.rader = false;
  return limits;
}
const DeviceLimits kGpuLike = bluesteinOnlyGpu();

// A GPU whose build caps registers (NVIDIA): register-held passes of 16384 f32 points a group,
// and (preferred) strided ones that save a pass.
DeviceLimits cappedGpu(bool prefer) {
  DeviceLimits limits = kGpuLike;
  limits.registerCap = true;
  limits.preferRegisterPasses = prefer;
  return limits;
}

struct FusedCase {
  PlanDescription d;
  std::string name;
  DeviceLimits limits = kGpuLike;
  bool registerHeld = false;  // the plan must hold a pass in registers
};

void PrintTo(const FusedCase& c, std::ostream* out) { *out << c.name; }

template <typename T>
void expectMatchesFftw(cl::DeviceContext& context, const FusedCase& c) {
  const PlanDescription& d = c.d;
  std::vector<PassInfo> passes = planPasses(d, c.limits);
  std::size_t hooked = 0, held = 0;
  for (const PassInfo& pass : passes) {
    EXPECT_FALSE(isBluesteinPass(pass)) << "an element-wise launch left in " << pass.label();
    EXPECT_NE(pass.kind, PassKind::Transpose) << d.summary() << ": columns are read in place";
    hooked += pass.hooks.any();
    held += pass.hooks.any() && pass.grouped.exchangeRounds > 1;
  }
  ASSERT_GT(hooked, 0u) << d.summary() << ": no pass has Bluestein's steps in it";
  if (c.registerHeld) {
    ASSERT_GT(held, 0u) << d.summary() << ": no register-held pass with Bluestein's steps";
  }
  expectPassesMatchFftw<T>(context, d, passes, l2Gate(d.precision, d.points(), GateKind::Transcendental), 11);
}

class Fused : public ::testing::TestWithParam<FusedCase> {};

TEST_P(Fused, MatchesFftwWithinTheBluesteinGate) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const PlanDescription& d = GetParam().d;
  if (d.precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  if (d.precision == Precision::F32)
    expectMatchesFftw<float>(*context, GetParam());
  else
    expectMatchesFftw<double>(*context, GetParam());
}

std::vector<FusedCase> cases() {
  std::vector<FusedCase> all;
  auto add = [&](std::size_t rows, std::size_t cols, std::size_t batch, Precision precision, Direction direction,
                 TransposeMode transpose = TransposeMode::Tiled, TwiddleMode twiddle = TwiddleMode::Table) {
    PlanDescription d = rows > 0 ? PlanDescription::twoD(rows, cols, batch) : PlanDescription::oneD(cols, batch);
    d.precision = precision;
    d.direction = direction;
    d.transpose = transpose;
    d.twiddle = twiddle;
    d.variant = Variant::Auto;
    std::string name = (rows ? std::to_string(rows) + "x" : std::string()) + std::to_string(cols) + "_b" +
                       std::to_string(batch) + "_" + std::string(toString(precision)) +
                       (direction == Direction::Inverse ? "_inverse" : "_forward");
    if (rows) name += "_" + std::string(toString(transpose));
    if (twiddle != TwiddleMode::Table) name += "_" + std::string(toString(twiddle));
    all.push_back({d, name});
  };
  const Precision f32 = Precision::F32, f64 = Precision::F64;
  const Direction forward = Direction::Forward, inverse = Direction::Inverse;
  // One grouped pass each way (M = 4160): both hooks of the first FFT in one launch.
  add(0, 2053, 1, f32, forward);
  add(0, 2053, 3, f32, forward);
  add(0, 2053, 7, f64, inverse);
  add(0, 2053, 3, f32, inverse, TransposeMode::Tiled, TwiddleMode::Sincos);  // no twiddle table, the hook table alone
  // Two passes each way.
  add(0, 4099, 7, f32, inverse);
  add(0, 4099, 3, f64, forward);
  add(0, 65537, 3, f32, forward);
  add(0, 65537, 1, f32, forward);
  add(0, 65537, 7, f64, inverse);
  add(0, 1000003, 1, f32, forward);
  all.back().limits.splitBluestein = false;
  // 2D: a Bluestein axis along rows, and along columns read in place (the padded arrays keep the
  // columns' layout), as auto plans them and as transpose 'none' asks; batches of arrays.
  add(7, 2053, 1, f32, forward);
  add(2053, 7, 1, f32, forward);
  add(997, 5, 1, f32, inverse, TransposeMode::None);
  add(97, 64, 3, f32, forward);
  add(101, 30, 2, f64, inverse);
  add(4099, 16, 1, f32, inverse);
  add(1, 997, 3, f32, forward);
  add(997, 1, 1, f64, forward);
  // Register-held passes with the hooks in their loads and stores: M = 16384 f32 and 8192 f64 in
  // one pass; 2^21 in two strided ones where they may save a pass.
  auto held = [&](bool prefer) {
    all.back().limits = cappedGpu(prefer);
    all.back().registerHeld = true;
    all.back().name += prefer ? "_register_cap_prefer" : "_register_cap";
  };
  add(0, 4099, 3, f32, forward);
  held(false);
  add(0, 2053, 2, f64, inverse);
  held(false);
  add(0, 1000003, 1, f32, inverse);
  held(true);
  all.back().limits.splitBluestein = false;  // Stockham steps of 2^21 (SplitBluesteinTest.cpp: the split)
  // Steps of M that differ (448 then 320): the second FFT takes them in reverse, to meet the first.
  add(0, 65537, 2, f32, forward);
  all.back().limits.bluesteinLength = 143360;
  all.back().name += "_m143360";
  // The FFTs in launches of their own (their last and first passes not merged), to compare.
  add(0, 65537, 3, f32, inverse);
  all.back().limits.bluesteinMiddle = false;
  all.back().name += "_fft_launches_apart";
  return all;
}

INSTANTIATE_TEST_SUITE_P(Primes, Fused, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<FusedCase>& info) { return info.param.name; });

// Within each FFT of the stage, a pass after the first takes its outer twiddles from the stores
// of the one before, where those stores are plain (DeviceLimits::storeTwiddles): never from a
// pass that stores through the filter, the chirp or Rader's pairs, nor from one that twiddles its
// own loads. Both ways match FFTW, through Bluestein's steps of 2^21, Rader's 65537, and Rader's
// along columns read in place (65537 x 5).
TEST(FusedPlan, TakesTwiddlesOnPlainStoresAndMatchesFftwEitherWay) {
  std::vector<FusedCase> both;
  both.push_back({PlanDescription::oneD(1000003), "bluestein"});
  both.back().limits.splitBluestein = false;
  both.push_back({PlanDescription::oneD(65537, 3), "rader"});
  both.back().limits.rader = true;
  both.push_back({PlanDescription::twoD(65537, 5), "rader columns"});
  both.back().limits.rader = true;
  for (const FusedCase& c : both) {
    const std::vector<PassInfo> passes = planPasses(c.d, c.limits);
    std::size_t storing = 0;
    for (std::size_t i = 0; i < passes.size(); ++i) {
      const PassInfo& pass = passes[i];
      if (!pass.grouped.nextPoints) continue;
      ++storing;
      EXPECT_FALSE(pass.hooks.filterOut || pass.hooks.filterMiddle || pass.hooks.chirpOut || pass.pairedOut)
          << pass.label();
      EXPECT_TRUE(pass.p == 1 || pass.grouped.twiddledBefore) << pass.label();
      ASSERT_LT(i + 1, passes.size());
      EXPECT_TRUE(passes[i + 1].grouped.twiddledBefore) << passes[i + 1].label();
      EXPECT_EQ(passes[i + 1].p, pass.p * pass.span) << passes[i + 1].label();
    }
    EXPECT_GE(storing, 1u) << c.name;
    FusedCase loads = c;
    loads.limits.storeTwiddles = false;
    for (const PassInfo& pass : planPasses(loads.d, loads.limits)) EXPECT_EQ(pass.grouped.nextPoints, 0u);
    FFTSCOPE_REQUIRE_DEVICE(context);
    for (const FusedCase& run : {c, loads})
      expectPassesMatchFftw<float>(*context, run.d, planPasses(run.d, run.limits),
                                   l2Gate(run.d.precision, run.d.points(), GateKind::Transcendental), 11);
  }
}

TEST(FusedPlan, RoutesThroughThePaddedRowsAndFoldsEveryStepIntoTheFfts) {
  // 65537 x 255 as an H200 plans it: two grouped passes each way over M < 2^18.
  const PlanDescription d = PlanDescription::oneD(65537, 255);
  const std::vector<PassInfo> passes = planPasses(d, kGpuLike);
  // The first FFT's last pass, the filter and the second's first pass are one launch.
  ASSERT_EQ(passes.size(), 3u);
  const std::size_t m = passes.front().padded;
  EXPECT_GE(m, 2u * 65537 - 1);
  EXPECT_LT(m, std::size_t{1} << 18);
  for (const PassInfo& pass : passes) {
    EXPECT_EQ(pass.kind, PassKind::Grouped) << pass.label();
    EXPECT_EQ(pass.length, m) << pass.label();
    EXPECT_NE(pass.source, pass.destination) << pass.label();
    EXPECT_NE(pass.destination, kInput) << pass.label();
  }
  EXPECT_TRUE(passes[0].hooks.chirpIn);
  EXPECT_EQ(passes[0].source, kInput);
  EXPECT_TRUE(passes[1].hooks.filterMiddle);
  EXPECT_FALSE(passes[1].hooks.filterOut || passes[1].hooks.chirpIn || passes[1].hooks.chirpOut);
  EXPECT_GT(passes[1].p, 1u);
  EXPECT_TRUE(passes[2].hooks.chirpOut);
  EXPECT_EQ(passes[2].destination, kOutput);
  EXPECT_EQ(slotElements(passes, kScratchC, d.elements()), m * 255);
  // Read n, write n, and round trips of M in between: well under the separate launches' traffic.
  std::uint64_t bytes = 0;
  for (const PassInfo& pass : passes) bytes += pass.bytesRead + pass.bytesWritten;
  EXPECT_LT(bytes, 6 * 2 * d.bytes());
  const StageChoice c = chooseStage(65537, d, kGpuLike, 255);
  EXPECT_TRUE(c.fused);
  EXPECT_NE(c.reason.find("grouped passes of"), std::string::npos) << c.reason;
}

TEST(FusedPlan, KeepsTheFftsApartWhenAskedOrWhereTheirStepsDiffer) {
  DeviceLimits apart = kGpuLike;
  apart.bluesteinMiddle = false;
  const std::vector<PassInfo> passes = planPasses(PlanDescription::oneD(65537, 255), apart);
  ASSERT_EQ(passes.size(), 4u);
  EXPECT_TRUE(passes[1].hooks.filterOut);
  EXPECT_FALSE(passes[2].hooks.any());
  for (const PassInfo& pass : passes) EXPECT_FALSE(pass.hooks.filterMiddle) << pass.label();
  // One pass each way: a launch each, the filter in the first's stores.
  const std::vector<PassInfo> one = planPasses(PlanDescription::oneD(2053, 1), kGpuLike);
  ASSERT_EQ(one.size(), 2u);
  EXPECT_TRUE(one[0].hooks.chirpIn && one[0].hooks.filterOut);
  EXPECT_TRUE(one[1].hooks.chirpOut);
  // Steps that differ: the second FFT reversed, its first step the first FFT's last.
  DeviceLimits m143360 = kGpuLike;
  m143360.bluesteinLength = 143360;
  const std::vector<PassInfo> reversed = planPasses(PlanDescription::oneD(65537, 3), m143360);
  ASSERT_EQ(reversed.size(), 3u);
  EXPECT_EQ(reversed[0].span * reversed[1].span, 143360u);
  EXPECT_NE(reversed[0].span, reversed[1].span);
  EXPECT_TRUE(reversed[1].hooks.filterMiddle);
  EXPECT_EQ(reversed[2].span, reversed[0].span);
  EXPECT_EQ(reversed[2].p, reversed[1].span);
  // Register-held steps exchange in rounds: they keep two launches.
  EXPECT_FALSE(bluesteinStepsMeet(2, {16, 16, 16, 4}, 4, {16, 16, 16, 4}));
  EXPECT_FALSE(bluesteinStepsMeet(2, {16, 8}, 1, {16, 16}));
  EXPECT_FALSE(bluesteinStepsMeet(2, {16}, 1, {16}));
  EXPECT_FALSE(bluesteinStepsMeet(1, {16, 8, 3}, 1, {16, 8, 3}));
  EXPECT_TRUE(bluesteinStepsMeet(2, {16, 8, 3}, 1, {16, 8, 3}));
}

TEST(FusedPlan, EveryConvolutionLengthCandidateMatchesFftw) {
  // `--plan measure` times auto's plan over other lengths (PlanCandidates.h): each must be right.
  FFTSCOPE_REQUIRE_DEVICE(context);
  const PlanDescription d = PlanDescription::oneD(4099, 2);
  std::size_t tried = 0;
  for (const PlanCandidate& c : planCandidates(d, kGpuLike)) {
    if (!c.measureOnly) continue;
    ++tried;
    SCOPED_TRACE(c.name);
    expectPassesMatchFftw<float>(*context, d, c.passes, l2Gate(d.precision, d.points(), GateKind::Transcendental), 11);
  }
  EXPECT_GE(tried, 2u);
}

TEST(FusedPlan, KeepsSeparateLaunchesWhereGroupedPassesAreOff) {
  DeviceLimits cpu = kGpuLike;
  cpu.groupedPasses = false;
  const std::vector<PassInfo> passes = planPasses(PlanDescription::oneD(65537, 3), cpu);
  EXPECT_EQ(passes.front().kernelName(), "chirp_pad");
  EXPECT_EQ(passes.back().kernelName(), "chirp_unpad");
  for (const PassInfo& pass : passes) EXPECT_FALSE(pass.hooks.any()) << pass.label();
  // Other variants on a GPU too.
  PlanDescription r16 = PlanDescription::oneD(65537, 3);
  r16.variant = Variant::R16;
  for (const PassInfo& pass : planPasses(r16, kGpuLike)) EXPECT_FALSE(pass.hooks.any()) << pass.label();
}

}  // namespace
}  // namespace fftscope
