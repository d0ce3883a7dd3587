// Every variant against FFTW in long double, with the gates of DESIGN.md.
#include "DeviceFixture.h"
#include "engine/planning/PassPlan.h"
#include "engine/runtime/Plan.h"
#include "engine/verify/Verify.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace fftscope {
namespace {

std::string nameOf(const PlanDescription& d) {
  std::string name = std::string(toString(d.variant)) + "_" + std::string(toString(d.twiddle)) + "_";
  if (d.dimensions == 2) name += std::string(toString(d.transpose)) + "_" + std::to_string(d.rows) + "x";
  name += std::to_string(d.cols) + "_b" + std::to_string(d.batch) + "_" + std::string(toString(d.precision));
  return name;
}

// A test case is a group of rows that share a variant, a twiddle or transpose mode and a precision,
// run in one process (a process per row would spend longer starting OpenCL than transforming);
// each row that fails says which it is.
struct CaseGroup {
  std::string name;
  std::vector<PlanDescription> rows;
};

std::string groupName(const PlanDescription& d) {
  std::string mode = d.dimensions == 2 ? std::string(toString(d.transpose)) : std::string(toString(d.twiddle));
  return std::string(toString(d.variant)) + "_" + mode + "_" + std::string(toString(d.precision));
}

std::vector<CaseGroup> grouped(const std::vector<PlanDescription>& rows) {
  std::vector<CaseGroup> groups;
  for (const PlanDescription& d : rows) {
    const std::string name = groupName(d);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const CaseGroup& g) { return g.name == name; });
    if (it == groups.end()) it = groups.insert(groups.end(), CaseGroup{name, {}});
    it->rows.push_back(d);
  }
  return groups;
}

std::string caseName(const ::testing::TestParamInfo<CaseGroup>& info) { return info.param.name; }
void PrintTo(const CaseGroup& g, std::ostream* out) { *out << g.rows.size() << " rows"; }

// Keeps the first of cases that several lists name alike.
std::vector<PlanDescription> unique(const std::vector<PlanDescription>& cases) {
  std::vector<PlanDescription> kept;
  std::set<std::string> seen;
  for (const PlanDescription& d : cases)
    if (seen.insert(nameOf(d)).second) kept.push_back(d);
  return kept;
}

void expectVerified(cl::DeviceContext& context, const PlanDescription& d) {
  SCOPED_TRACE(nameOf(d));
  VerifyRow r = verifyCase(context, d);
  EXPECT_LE(r.relL2, r.l2Gate) << d.summary() << " passes: " << r.passes;
  EXPECT_LE(r.relLinf, r.linfGate) << d.summary();
  EXPECT_LE(r.roundTrip, r.roundTripGate) << d.summary();
  EXPECT_TRUE(r.impulseExact) << d.summary();
  EXPECT_TRUE(r.inputUntouched) << d.summary();
  EXPECT_TRUE(r.guardsIntact) << d.summary();
  EXPECT_TRUE(r.batchConsistent) << d.summary();
  EXPECT_TRUE(r.passed()) << r.failures;
}

std::vector<PlanDescription> oneDCases() {
  std::vector<PlanDescription> cases;
  for (Precision precision : {Precision::F32, Precision::F64}) {
    VerifySelection s;
    s.twoD = false;
    s.precision = precision;
    s.batches = {1, 2, 3, 7};
    s.twiddles = {TwiddleMode::Table};
    s.variants = {Variant::R2, Variant::R4, Variant::R8, Variant::R16, Variant::Local};
    for (auto& d : verifyCases(s)) cases.push_back(d);
    // The planner's pick goes further, to 2^20.
    s.variants = {Variant::Auto};
    s.maxLog2 = 20;
    s.batches = {1, 3};
    for (auto& d : verifyCases(s)) cases.push_back(d);
    // The computed twiddles, on every variant, batches 1 and 3.
    s.variants = {Variant::R2, Variant::R4, Variant::R8, Variant::R16, Variant::Local};
    s.twiddles = {TwiddleMode::Sincos, TwiddleMode::Native, TwiddleMode::Recurrence};
    s.maxLog2 = 16;
    for (auto& d : verifyCases(s)) cases.push_back(d);
  }
  return unique(cases);
}

std::vector<PlanDescription> twoDCases() {
  std::vector<PlanDescription> cases;
  // Every shape 2^a x 2^b, a, b in 0..10 (so 1xN and Nx1 too), with every transpose, f32.
  for (TransposeMode t : allTransposeModes())
    for (int a = 0; a <= 10; ++a)
      for (int b = 0; b <= 10; ++b) {
        if (a + b == 0) continue;
        PlanDescription d = PlanDescription::twoD(std::size_t{1} << a, std::size_t{1} << b);
        d.transpose = t;
        cases.push_back(d);
      }
  // Every variant on a few shapes, both precisions.
  for (Precision precision : {Precision::F32, Precision::F64})
    for (Variant v : allVariants())
      for (TransposeMode t : allTransposeModes())
        for (auto [rows, cols] : {std::pair<std::size_t, std::size_t>{32, 256}, {512, 8}}) {
          PlanDescription d = PlanDescription::twoD(rows, cols);
          d.variant = v;
          d.transpose = t;
          d.precision = precision;
          cases.push_back(d);
        }
  // A batch of 2D arrays through the transposes.
  for (TransposeMode t : {TransposeMode::Naive, TransposeMode::Tiled, TransposeMode::Padded}) {
    PlanDescription d = PlanDescription::twoD(64, 16, 3);
    d.transpose = t;
    cases.push_back(d);
  }
  return unique(cases);
}

void expectGroupVerified(const CaseGroup& group) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  if (group.rows.front().precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  for (const PlanDescription& d : group.rows) expectVerified(*context, d);
}

class OneD : public ::testing::TestWithParam<CaseGroup> {};
TEST_P(OneD, MatchesFftwWithinGates) { expectGroupVerified(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Engine, OneD, ::testing::ValuesIn(grouped(oneDCases())), caseName);

class TwoD : public ::testing::TestWithParam<CaseGroup> {};
TEST_P(TwoD, MatchesFftwWithinGates) { expectGroupVerified(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Engine, TwoD, ::testing::ValuesIn(grouped(twoDCases())), caseName);

TEST(LocalKernel, LargestSizeRunsInOnePassAndTwiceThatGoesToAnotherPlan) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  for (Precision precision : {Precision::F32, Precision::F64}) {
    if (precision == Precision::F64 && !context->device().fp64) continue;
    std::size_t largest = largestLocalPoints(precision, limitsOf(context->device()));
    PlanDescription d = PlanDescription::oneD(largest, 2);
    d.variant = Variant::Local;
    d.precision = precision;
    Plan atLargest(*context, d);
    ASSERT_EQ(atLargest.passes().size(), 1u);
    EXPECT_EQ(atLargest.passes()[0].kind, PassKind::Local);
    EXPECT_TRUE(verifyCase(*context, d).passed()) << d.summary();

    d.cols = 2 * largest;
    Plan twice(*context, d);
    ASSERT_GE(twice.passes().size(), 2u);
    EXPECT_EQ(twice.passes()[0].kind, PassKind::Local);
    EXPECT_EQ(twice.passes()[1].kind, PassKind::Stockham);
    VerifyRow r = verifyCase(*context, d);
    EXPECT_TRUE(r.passed()) << d.summary() << ": " << r.failures;
  }
}

}  // namespace
}  // namespace fftscope
