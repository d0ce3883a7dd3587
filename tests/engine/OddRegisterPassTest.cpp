// Rows whose length has an odd factor and that registers and local memory hold together (6144,
// 10240, 12288 = 3 * 4096, 20480 in f32; 4000 and 6144 in f64): one register-held grouped pass with
// the odd radix among its inner passes (RegisterExchange.h), so that every row is read and written
// once; f32 rows take it where their exchanges go a component at a time (rows of whole runs of 32
// points, of at most 64 values a work-item: 6144, 6400, 7168, 9216, 10240 among others), under
// FFTSCOPE_ODD_REGISTER_PASSES=f32, or where a measurement finds it faster ("auto odd-held=f32");
// the two-pass plan stays a candidate ("auto odd-held=0"). Plans are
// made for an H200-like device (48 KiB of local memory, 1024 work-items, registers capped), run on
// the OpenCL device against FFTW.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/planning/PlanCandidates.h"
#include "engine/planning/RegisterExchange.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace fftscope {
namespace {

// As limitsOf gives an NVIDIA GPU: registers capped, 16, 32 or 64 values a step (or multiples of
// a row's odd factors).
DeviceLimits h200Like() {
  DeviceLimits limits{48 * 1024, 1024};
  limits.registerCap = true;
  limits.registerValues = 0;
  limits.oddRegisterPassesF32 = true;  // f32 rows too (FFTSCOPE_ODD_REGISTER_PASSES=f32), so that they are tested
  return limits;
}

DeviceLimits evenHeldOnly() {
  DeviceLimits limits = h200Like();
  limits.oddRegisterPasses = false;
  return limits;
}

PlanDescription rows(std::size_t n, std::size_t batch, Precision precision = Precision::F32) {
  PlanDescription d = PlanDescription::oneD(n, batch);
  d.variant = Variant::Auto;
  d.precision = precision;
  return d;
}

bool hasOddRadix(const PassInfo& pass) {
  return std::any_of(pass.grouped.innerRadices.begin(), pass.grouped.innerRadices.end(),
                     [](int r) { return !isPowerOfTwo(static_cast<std::size_t>(r)); });
}

TEST(OddRegisterPass, OnePassWhereRegistersAndLocalMemoryHoldTheRow) {
  for (std::size_t n : {6144u, 10240u, 12288u, 20480u}) {
    const PlanDescription d = rows(n, 1365);
    const std::vector<PassInfo> passes = planPasses(d, h200Like());
    ASSERT_EQ(passes.size(), 1u) << n;
    const PassInfo& pass = passes[0];
    EXPECT_EQ(pass.kind, PassKind::Grouped) << n;
    EXPECT_GT(pass.grouped.exchangeRounds, 1u) << n;
    EXPECT_EQ(productOf(pass.grouped.innerRadices), n);
    EXPECT_TRUE(hasOddRadix(pass)) << pass.label();
    for (int r : pass.grouped.innerRadices) EXPECT_EQ(pass.grouped.values % static_cast<std::size_t>(r), 0u) << pass.label();
    // The two-pass plan, as before, where odd radices stay out of registers.
    EXPECT_EQ(planPasses(d, evenHeldOnly()).size(), 2u) << n;
  }
  // 6144 f64 points take one pass too; 12288 would need 8 exchange rounds, 20480 more registers.
  EXPECT_EQ(planPasses(rows(6144, 8, Precision::F64), h200Like()).size(), 1u);
  EXPECT_EQ(planPasses(rows(12288, 8, Precision::F64), h200Like()).size(), 2u);
  EXPECT_EQ(planPasses(rows(20480, 8, Precision::F64), h200Like()).size(), 2u);
  // By estimate f32 rows keep the two-pass plan (measured faster on the H200) unless a component
  // exchange holds them (6144, 10240).
  DeviceLimits byDefault = h200Like();
  byDefault.oddRegisterPassesF32 = false;
  EXPECT_EQ(planPasses(rows(12288, 1365), byDefault).size(), 2u);
  EXPECT_EQ(planPasses(rows(6144, 8, Precision::F64), byDefault).size(), 1u);
  // Uncapped, a work-item of 80 values would take more than its most registers.
  EXPECT_EQ(planPasses(rows(20480, 8), DeviceLimits{48 * 1024, 1024}).size(), 2u);
  EXPECT_EQ(planPasses(rows(4000, 8, Precision::F64), h200Like()).size(), 1u);
  // What local memory holds alone stays a local-memory pass.
  for (std::size_t n : {1000u, 3000u}) {
    const std::vector<PassInfo> passes = planPasses(rows(n, 8), h200Like());
    ASSERT_EQ(passes.size(), 1u) << n;
    EXPECT_EQ(passes[0].grouped.exchangeRounds, 1u) << n;
  }
}

// Where one component of every point fits local memory beside what a compiler keeps (6144 and
// 10240 f32 points: 24 and 40 KiB of 48), the exchanges go a component at a time, with fewer
// values a work-item than slices need, and the row takes one pass by estimate.
TEST(OddRegisterPass, ComponentExchangeWhereOneComponentOfTheRowFits) {
  DeviceLimits byDefault = h200Like();
  byDefault.oddRegisterPassesF32 = false;
  const std::vector<PassInfo> passes = planPasses(rows(6144, 2730), byDefault);
  ASSERT_EQ(passes.size(), 1u);
  const GroupedPass& g = passes[0].grouped;
  EXPECT_TRUE(g.componentExchange) << passes[0].label();
  EXPECT_EQ(g.exchangeRounds, 2u) << passes[0].label();
  EXPECT_EQ(g.values, 24u) << passes[0].label();
  EXPECT_EQ(passes[0].local[0], 256u) << passes[0].label();
  // The sequence of the smallest largest radix, that radix last (measured fastest on the H200).
  EXPECT_EQ(g.innerRadices, (std::vector<int>{8, 8, 8, 12})) << passes[0].label();
  // Without: slices of whole values, by measurement alone.
  DeviceLimits slices = byDefault;
  slices.componentExchange = false;
  EXPECT_EQ(planPasses(rows(6144, 2730), slices).size(), 2u);
  slices.oddRegisterPassesF32 = true;
  const std::vector<PassInfo> sliced = planPasses(rows(6144, 2730), slices);
  ASSERT_EQ(sliced.size(), 1u);
  EXPECT_FALSE(sliced[0].grouped.componentExchange) << sliced[0].label();
  EXPECT_GT(sliced[0].grouped.values, g.values) << sliced[0].label();
  const std::vector<PassInfo> ten = planPasses(rows(10240, 1638), byDefault);
  ASSERT_EQ(ten.size(), 1u);
  EXPECT_TRUE(ten[0].grouped.componentExchange) << ten[0].label();
  EXPECT_EQ(ten[0].grouped.innerRadices, (std::vector<int>{8, 8, 8, 20})) << ten[0].label();
  // 12288 points fill 48 KiB to the byte; f64 rows and powers of two keep slices.
  for (const PlanDescription& d : {rows(12288, 8), rows(20480, 8), rows(6144, 8, Precision::F64), rows(16384, 8)})
    for (const PassInfo& pass : planPasses(d, h200Like())) EXPECT_FALSE(pass.grouped.componentExchange) << pass.label();
  // A 2D array's rows of 6144 points too, not its columns (several lanes a group).
  for (const PassInfo& pass : planPasses(PlanDescription::twoD(6144, 6144), byDefault))
    if (pass.kind == PassKind::Grouped) EXPECT_EQ(pass.grouped.componentExchange, !pass.batchFastest) << pass.label();
  EXPECT_EQ(planPasses(rows(12288, 8), byDefault).size(), 2u);
}

// Every component pass the planner makes is one the kernel runs: whole runs of 32 positions (the
// kernel's skew), every work-item the same values, every radix dividing them, the radices making
// the row; lengths where that fails keep slices or two passes.
TEST(OddRegisterPass, ComponentPassesAreOnesTheKernelRuns) {
  DeviceLimits byDefault = h200Like();
  byDefault.oddRegisterPassesF32 = false;
  std::size_t components = 0;
  for (std::size_t n = 4000; n <= 12300; n += 4) {
    for (const PassInfo& pass : planPasses(rows(n, 2), byDefault)) {
      const GroupedPass& g = pass.grouped;
      if (!g.componentExchange) continue;
      ++components;
      EXPECT_EQ(n % 32, 0u) << pass.label();
      EXPECT_EQ(g.lanes * pass.span, pass.local[0] * g.values) << pass.label();
      EXPECT_EQ(productOf(g.innerRadices), pass.span) << pass.label();
      for (int r : g.innerRadices) EXPECT_EQ(g.values % static_cast<std::size_t>(r), 0u) << pass.label();
      EXPECT_LE(g.values, 64u) << pass.label();
      EXPECT_LE(n * sizeof(float), byDefault.localMemBytes) << pass.label();
    }
  }
  EXPECT_GE(components, 10u);
  // Among them those the MatchesFftw cases run.
  for (std::size_t n : {6144u, 6400u, 7168u, 9216u, 10240u})
    EXPECT_TRUE(planPasses(rows(n, 2), byDefault)[0].grouped.componentExchange) << n;
  // Lengths that are not whole runs of 32 (the kernel's skew), whose work-items would not share
  // the row evenly, or that would take 88 values.
  for (std::size_t n : {6250u, 9604u, 8788u, 10000u, 10648u, 5832u, 11664u, 7744u, 11264u})
    for (const DeviceLimits& limits : {byDefault, h200Like()})
      for (const PassInfo& pass : planPasses(rows(n, 2), limits))
        EXPECT_FALSE(pass.grouped.componentExchange) << pass.label();
  // 88 values ran at a quarter of the two passes' speed: such rows keep their two passes unless
  // slices are asked for (h200Like), which check their own formulas.
  for (std::size_t n : {7744u, 11264u}) {
    EXPECT_EQ(planPasses(rows(n, 2), byDefault).size(), 2u) << n;
    const std::vector<PassInfo> sliced = planPasses(rows(n, 2), h200Like());
    ASSERT_EQ(sliced.size(), 1u) << n;
    EXPECT_GT(sliced[0].grouped.values, 64u) << sliced[0].label();
  }
  // A named sequence whose radices do not divide the fewest values takes more: 48 for 48 16 8.
  DeviceLimits named = byDefault;
  named.innerRadices = {48, 16, 8};
  const std::vector<PassInfo> wide = planPasses(rows(6144, 2), named);
  ASSERT_EQ(wide.size(), 1u);
  EXPECT_TRUE(wide[0].grouped.componentExchange) << wide[0].label();
  EXPECT_EQ(wide[0].grouped.values, 48u) << wide[0].label();
}

TEST(OddRegisterPass, TheTwoPassPlanStaysACandidate) {
  const std::vector<PlanCandidate> candidates = planCandidates(rows(12288, 1365), h200Like());
  ASSERT_FALSE(candidates.empty());
  const PlanCandidate& chosen = candidates.front();
  EXPECT_TRUE(chosen.autoEstimate);
  EXPECT_EQ(chosen.launches(), 1u);
  const std::optional<PlanCandidate> twoPass = findCandidate(candidates, "auto odd-held=0");
  ASSERT_TRUE(twoPass.has_value());
  EXPECT_EQ(twoPass->launches(), 2u);
  EXPECT_TRUE(twoPass->measureOnly);
  EXPECT_GT(twoPass->cost, chosen.cost);
  // A power of two has no such candidate: the setting changes nothing there.
  EXPECT_FALSE(findCandidate(planCandidates(rows(16384, 1024), h200Like()), "auto odd-held=0").has_value());
}

TEST(OddRegisterPass, TheOnePassPlanOfF32RowsIsACandidateForAMeasurement) {
  DeviceLimits byDefault = h200Like();
  byDefault.oddRegisterPassesF32 = false;
  const std::vector<PlanCandidate> candidates = planCandidates(rows(20480, 819), byDefault);
  const auto chosen =
      std::find_if(candidates.begin(), candidates.end(), [](const PlanCandidate& c) { return c.autoEstimate; });
  ASSERT_NE(chosen, candidates.end());
  EXPECT_EQ(chosen->launches(), 2u);
  const std::optional<PlanCandidate> onePass = findCandidate(candidates, "auto odd-held=f32");
  ASSERT_TRUE(onePass.has_value());
  EXPECT_EQ(onePass->launches(), 1u);
  // Estimated cheaper, but taken only when measured fastest.
  EXPECT_LT(onePass->cost, chosen->cost);
  EXPECT_GT(onePass->passes[0].grouped.exchangeRounds, 1u);
  EXPECT_TRUE(onePass->measureOnly);
  // f64 rows take the one pass already, so the candidate is auto's own and left out.
  EXPECT_FALSE(
      findCandidate(planCandidates(rows(6144, 8, Precision::F64), byDefault), "auto odd-held=f32").has_value());
  // Nor where odd radices are kept out of register-held passes altogether.
  DeviceLimits evenOnly = byDefault;
  evenOnly.oddRegisterPasses = false;
  EXPECT_FALSE(findCandidate(planCandidates(rows(20480, 819), evenOnly), "auto odd-held=f32").has_value());
}

TEST(OddRegisterPass, FewerExchangesOfMoreValuesAreACandidateForAMeasurement) {
  // 9216 points by components: auto's own holds 24 values a work-item (12 8 8 12); 48 values, as
  // "auto values=16" holds them, take one exchange fewer (24 16 24: 0.80 of the time on the H200).
  DeviceLimits byDefault = h200Like();
  byDefault.oddRegisterPassesF32 = false;
  const std::vector<PassInfo> own = planPasses(rows(9216, 1820), byDefault);
  ASSERT_EQ(own.size(), 1u);
  EXPECT_EQ(own[0].grouped.innerRadices.size(), 4u) << own[0].label();
  const std::optional<PlanCandidate> fewer = findCandidate(planCandidates(rows(9216, 1820), byDefault), "auto values=16");
  ASSERT_TRUE(fewer.has_value());
  ASSERT_EQ(fewer->passes.size(), 1u);
  const PassInfo& pass = fewer->passes[0];
  EXPECT_TRUE(pass.grouped.componentExchange) << pass.label();
  EXPECT_EQ(pass.grouped.innerRadices.size(), 3u) << pass.label();
  EXPECT_EQ(pass.grouped.values, 48u) << pass.label();
  EXPECT_TRUE(fewer->measureOnly);
}

TEST(OddRegisterPass, FewerExchangesOfMoreValuesMatchFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  DeviceLimits limits = h200Like();
  limits.oddRegisterPassesF32 = false;
  limits.registerValues = kRegisterValues;
  const PlanDescription d = rows(9216, 2);
  const std::vector<PassInfo> passes = planPasses(d, limits);
  ASSERT_EQ(passes.size(), 1u);
  EXPECT_EQ(passes[0].grouped.innerRadices.size(), 3u) << passes[0].label();
  expectPassesMatchFftw<float>(*context, d, passes, l2Gate(Precision::F32, d.points(), GateKind::Table), 29);
}

class OddHeld : public ::testing::TestWithParam<LimitsCase> {};

TEST_P(OddHeld, MatchesFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const LimitsCase& c = GetParam();
  if (c.d.precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  const std::vector<PassInfo> passes = planPasses(c.d, c.limits);
  const GateKind kind = gateKindFor(c.d.twiddle).value_or(GateKind::Table);
  const double gate = l2Gate(c.d.precision, c.d.points(), kind);
  if (c.d.precision == Precision::F32)
    expectPassesMatchFftw<float>(*context, c.d, passes, gate, 23);
  else
    expectPassesMatchFftw<double>(*context, c.d, passes, gate, 23);
}

std::vector<LimitsCase> oddCases() {
  std::vector<LimitsCase> all;
  for (Precision precision : {Precision::F32, Precision::F64})
    for (std::size_t n : {1000u, 3000u, 6144u, 10240u, 12288u, 20480u})
      for (Direction direction : {Direction::Forward, Direction::Inverse})
        all.push_back(limitsCase(0, n, direction == Direction::Forward ? 3 : 2, precision, h200Like(), "rows", direction));
  // 4000 f64 points as 40 values a work-item (20 20 10): 2D 3000 x 4000's rows in f64.
  all.push_back(limitsCase(0, 4000, 2, Precision::F64, h200Like(), "rows"));
  // 16 times the odd factors a work-item (FFTSCOPE_REGISTER_VALUES=16, the candidate "auto
  // values=16"): 48 for 12288, twice the work-items of the default's 96.
  DeviceLimits sixteen = h200Like();
  sixteen.registerValues = kRegisterValues;
  for (std::size_t n : {12288u, 20480u}) all.push_back(limitsCase(0, n, 2, Precision::F32, sixteen, "rows16"));
  // 6144 f32 points go a component at a time above; here by slices of whole values.
  DeviceLimits slices = h200Like();
  slices.componentExchange = false;
  all.push_back(limitsCase(0, 6144, 2, Precision::F32, slices, "sliced"));
  // A component exchange of other radices, both ways, and of other lengths.
  DeviceLimits named = h200Like();
  named.innerRadices = {24, 8, 8, 4};
  for (Direction direction : {Direction::Forward, Direction::Inverse})
    all.push_back(limitsCase(0, 6144, 3, Precision::F32, named, "named", direction));
  for (std::size_t n : {6272u, 6400u, 6912u, 7168u, 7776u, 8000u, 9216u, 10368u, 10976u})
    all.push_back(limitsCase(0, n, 2, Precision::F32, h200Like(), "components"));
  all.push_back(limitsCase(0, 6144, 2, Precision::F64, sixteen, "rows16", Direction::Inverse));
  return all;
}

INSTANTIATE_TEST_SUITE_P(Plans, OddHeld, ::testing::ValuesIn(oddCases()),
                         [](const ::testing::TestParamInfo<LimitsCase>& info) { return info.param.name; });

}  // namespace
}  // namespace fftscope
