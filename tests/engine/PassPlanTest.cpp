// The planner as pure data: which passes, in which buffers, for which limits. No OpenCL here.
#include "engine/planning/PassPlan.h"
#include "engine/planning/RealSteps.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace fftscope {
namespace {

const DeviceLimits kGpuLike{48 * 1024, 1024};

std::vector<int> radicesOf(const std::vector<PassInfo>& passes) {
  std::vector<int> r;
  for (const PassInfo& p : passes) r.push_back(p.radix);
  return r;
}

struct RadixCase {
  Variant variant;
  std::size_t n;
  std::vector<int> radices;
};

class StockhamRadices : public ::testing::TestWithParam<RadixCase> {};

TEST_P(StockhamRadices, SmallerRadixGoesLast) {
  const RadixCase& c = GetParam();
  PlanDescription d = PlanDescription::oneD(c.n, 3);
  d.variant = c.variant;
  auto passes = planPasses(d, kGpuLike);
  EXPECT_EQ(radicesOf(passes), c.radices);
  std::size_t p = 1;
  for (const PassInfo& pass : passes) {
    EXPECT_EQ(pass.p, p);
    EXPECT_EQ(pass.global[0] % pass.local[0], 0u);
    EXPECT_GE(pass.global[0], c.n / pass.radix * 3);
    p *= pass.radix;
  }
  EXPECT_EQ(p, c.n);
}

INSTANTIATE_TEST_SUITE_P(Variants, StockhamRadices,
                         ::testing::Values(RadixCase{Variant::R2, 8, {2, 2, 2}}, RadixCase{Variant::R4, 32, {4, 4, 2}},
                                           RadixCase{Variant::R8, 1024, {8, 8, 8, 2}},
                                           RadixCase{Variant::R16, 1024, {16, 16, 4}},
                                           RadixCase{Variant::R16, 2, {2}}, RadixCase{Variant::R16, 65536, {16, 16, 16, 16}}));

TEST(PassPlan, StagesNeverWriteTheirInputAndEndInTheOutput) {
  for (TransposeMode t : allTransposeModes())
    for (Variant v : allVariants())
      for (std::size_t n : {2u, 64u, 4096u, 1u << 16}) {
        PlanDescription d = n > 4096 ? PlanDescription::oneD(n, 2) : PlanDescription::twoD(n / 2 > 0 ? n / 2 : 1, n);
        d.variant = v;
        d.transpose = t;
        auto passes = planPasses(d, kGpuLike);
        ASSERT_FALSE(passes.empty());
        EXPECT_EQ(passes.back().destination, kOutput) << d.summary();
        for (const PassInfo& p : passes) {
          EXPECT_NE(p.destination, kInput) << d.summary() << " " << p.label();
          EXPECT_NE(p.source, p.destination) << d.summary() << " " << p.label();
        }
        EXPECT_EQ(passes.front().source, kInput);
      }
}

TEST(PassPlan, LocalTakesTheLargestRowItsMemoryHoldsAndHandsTheRestOn) {
  // 48 KiB: 4096 complex floats, 2048 complex doubles.
  EXPECT_EQ(largestLocalPoints(Precision::F32, kGpuLike), 4096u);
  EXPECT_EQ(largestLocalPoints(Precision::F64, kGpuLike), 2048u);
  // Work-group size limits too: 64 work-items of 16 points each.
  EXPECT_EQ(largestLocalPoints(Precision::F32, DeviceLimits{1 << 20, 64}), 1024u);

  PlanDescription d = PlanDescription::oneD(4096);
  d.variant = Variant::Local;
  auto at = planPasses(d, kGpuLike);
  ASSERT_EQ(at.size(), 1u);
  EXPECT_EQ(at[0].kind, PassKind::Local);
  EXPECT_EQ(at[0].span, 4096u);
  EXPECT_EQ(at[0].local[0], 256u);
  EXPECT_EQ(at[0].localFft.groupRows, 1u);

  // Small rows share a work-group: 256 points are 16 work-items each, 8 rows make 128.
  PlanDescription small = PlanDescription::oneD(256, 1000);
  small.variant = Variant::Local;
  auto shared = planPasses(small, kGpuLike);
  ASSERT_EQ(shared.size(), 1u);
  EXPECT_EQ(shared[0].localFft.groupRows, 8u);
  EXPECT_EQ(shared[0].local[0] * shared[0].local[1], 128u);
  EXPECT_EQ(shared[0].global[1], 1000u);
  small.batch = 3;  // no more rows per group than there are rows
  EXPECT_EQ(planPasses(small, kGpuLike)[0].localFft.groupRows, 4u);

  d.cols = 8192;
  auto twice = planPasses(d, kGpuLike);
  ASSERT_EQ(twice.size(), 2u);
  EXPECT_EQ(twice[0].kind, PassKind::Local);
  EXPECT_EQ(twice[0].span, 4096u);
  EXPECT_EQ(twice[1].kind, PassKind::Stockham);
  EXPECT_EQ(twice[1].radix, 2);
  EXPECT_EQ(twice[1].p, 4096u);
}

TEST(PassPlan, LocalTailRadixCoversTheRemainingBits) {
  for (std::size_t m : {2u, 4u, 8u, 16u, 32u, 64u, 128u, 256u, 512u, 2048u}) {
    PlanDescription d = PlanDescription::oneD(m);
    d.variant = Variant::Local;
    auto passes = planPasses(d, kGpuLike);
    ASSERT_EQ(passes.size(), 1u);
    std::size_t covered = 1;
    while (covered * passes[0].radix <= m) covered *= passes[0].radix;
    EXPECT_EQ(covered * passes[0].localFft.tailRadix, m) << m;
  }
}

TEST(PassPlan, TwoDimensionsTransposeTwiceOrReadColumnsWithAStride) {
  PlanDescription d = PlanDescription::twoD(64, 256);
  d.variant = Variant::R16;
  d.transpose = TransposeMode::Padded;
  auto passes = planPasses(d, kGpuLike);
  int transposes = 0;
  for (const PassInfo& p : passes) transposes += p.kind == PassKind::Transpose;
  EXPECT_EQ(transposes, 2);

  d.transpose = TransposeMode::None;
  passes = planPasses(d, kGpuLike);
  bool strided = false;
  for (const PassInfo& p : passes) {
    EXPECT_NE(p.kind, PassKind::Transpose);
    if (p.axis == 1) {
      strided = true;
      EXPECT_EQ(p.stride, 256u);
      EXPECT_TRUE(p.batchFastest);
    }
  }
  EXPECT_TRUE(strided);
}

TEST(PassPlan, InverseScalesOnceOnTheLastTransformingPass) {
  PlanDescription d = PlanDescription::twoD(16, 32);
  d.direction = Direction::Inverse;
  d.variant = Variant::R4;
  auto passes = planPasses(d, kGpuLike);
  int scaled = 0;
  for (const PassInfo& p : passes)
    if (p.scale != 1.0f) {
      ++scaled;
      EXPECT_FLOAT_EQ(p.scale, 1.0f / 512);
    }
  EXPECT_EQ(scaled, 1);
}

// The column stage alone (RealPlan's half spectra) is the 2D auto plan's own, input to output,
// with the inverse's 1/rows on its last pass; refused where the columns go through transposes.
TEST(PassPlan, ColumnsInPlaceAloneAreThe2DPlansColumnStage) {
  for (Direction direction : {Direction::Forward, Direction::Inverse}) {
    PlanDescription d = PlanDescription::twoD(4096, 2049, 3);
    d.direction = direction;
    ASSERT_TRUE(columnsInPlace(d, kGpuLike));
    const std::vector<PassInfo> columns = columnPassesInPlace(d, kGpuLike);
    std::vector<PassInfo> whole = planPasses(d, kGpuLike);
    whole.erase(std::remove_if(whole.begin(), whole.end(), [](const PassInfo& p) { return p.axis != 1; }), whole.end());
    ASSERT_EQ(columns.size(), whole.size());
    ASSERT_GE(columns.size(), 2u);  // 4096 points a column take two passes in 48 KiB
    for (std::size_t i = 0; i < columns.size(); ++i) {
      EXPECT_EQ(columns[i].kind, PassKind::Grouped);
      EXPECT_EQ(columns[i].label(), whole[i].label());
      EXPECT_EQ(columns[i].stride, 2049u);
      EXPECT_EQ(columns[i].rows, 3u * 2049);
      EXPECT_EQ(columns[i].bytesRead, 4096u * 2049 * 3 * 8);
      const bool last = i + 1 == columns.size();
      EXPECT_EQ(columns[i].scaleDivisor, direction == Direction::Inverse && last ? 4096u : 1u);
    }
    EXPECT_EQ(columns.front().source, kInput);
    EXPECT_EQ(columns.back().destination, kOutput);
    for (const PassInfo& p : columns) EXPECT_NE(p.destination, kInput);
  }
  PlanDescription d = PlanDescription::twoD(64, 33);
  DeviceLimits cpu = kGpuLike;
  cpu.groupedPasses = false;
  EXPECT_FALSE(columnsInPlace(d, cpu));
  EXPECT_THROW(columnPassesInPlace(d, cpu), std::invalid_argument);
  d.variant = Variant::Local;
  EXPECT_FALSE(columnsInPlace(d, kGpuLike));
  d.variant = Variant::Auto;
  d.rows = 1;
  EXPECT_FALSE(columnsInPlace(d, kGpuLike));
  d.rows = 97;  // Bluestein's padded columns are read in place too
  EXPECT_TRUE(columnsInPlace(d, kGpuLike));
  for (const PassInfo& p : columnPassesInPlace(d, kGpuLike)) {
    EXPECT_EQ(p.kind, PassKind::Grouped) << p.label();
    EXPECT_EQ(p.stride, 33u) << p.label();
  }
}

TEST(PassPlan, RefusesWhatNoDeviceCouldRun) {
  auto refused = [](PlanDescription d, const std::string& needle) {
    try {
      planPasses(d, kGpuLike);
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
      return true;
    }
    return false;
  };
  EXPECT_TRUE(refused(PlanDescription::oneD((std::size_t{1} << 28) + 3), "exceeds 2^28 points"));
  EXPECT_TRUE(refused(PlanDescription::oneD(0), "0 points"));
  EXPECT_TRUE(refused(PlanDescription::oneD(64, 0), "batch of 0"));
  EXPECT_TRUE(refused(PlanDescription::twoD(std::size_t{1} << 29, 1), "height 536870912 exceeds"));
  PlanDescription batched = PlanDescription::twoD(8, 8, 2);
  batched.transpose = TransposeMode::None;
  EXPECT_FALSE(refused(batched, ""));  // auto reads the columns of each array in place
  batched.variant = Variant::R16;
  EXPECT_TRUE(refused(batched, "batch 1"));
}

TEST(PassPlan, NamesRoundTripAndUnknownNamesListTheAcceptedOnes) {
  for (Variant v : allVariants()) EXPECT_EQ(parseVariant(toString(v)), v);
  for (TwiddleMode t : allTwiddleModes()) EXPECT_EQ(parseTwiddleMode(toString(t)), t);
  for (TransposeMode t : allTransposeModes()) EXPECT_EQ(parseTransposeMode(toString(t)), t);
  try {
    parseVariant("r32");
    FAIL() << "r32 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("r2, r4, r8, r16, local, auto"), std::string::npos) << e.what();
  }
}

// Each kind's own fields are set on passes of that kind only: the others' stay at their defaults,
// so that a pass's kind says which of its fields mean anything.
void expectOnlyItsKindsFields(const PassInfo& pass) {
  if (pass.kind != PassKind::Local)
    EXPECT_TRUE(pass.localFft.tailRadix == 1 && pass.localFft.groupRows == 1) << pass.label();
  if (pass.kind != PassKind::Elementwise)
    EXPECT_TRUE(pass.elementwise.kernel == ElementwiseKernel::Other && pass.elementwise.name.empty()) << pass.label();
  if (pass.kind != PassKind::Grouped) {
    const GroupedPass& g = pass.grouped;
    const HalfSpectrum& h = g.half;
    EXPECT_TRUE(g.innerRadices.empty() && g.lanes == 1 && g.values == 0 && g.exchangeRounds == 1 && g.batchGroups == 0 &&
                g.nextPoints == 0 && !g.twiddledBefore && g.build == GroupedBuild{})
        << pass.label();
    EXPECT_TRUE(!h.untangleOut && !h.tangleIn && h.sourcePitch == 0 && h.destinationPitch == 0 && h.usedColumns == 0)
        << pass.label();
  }
}

TEST(PassKinds, EachPassCarriesOnlyItsKindsFields) {
  DeviceLimits local = kGpuLike;
  local.groupedPasses = false;
  std::size_t kinds[8] = {};
  for (const DeviceLimits& limits : {kGpuLike, local, DeviceLimits{}}) {
    for (PlanDescription d : {PlanDescription::oneD(4096, 3), PlanDescription::oneD(1 << 20, 2), PlanDescription::oneD(1000003, 2),
                              PlanDescription::oneD(65537, 3), PlanDescription::oneD(48000, 3), PlanDescription::twoD(1080, 1920),
                              PlanDescription::twoD(997, 1024)}) {
      for (const PassInfo& pass : planPasses(d, limits)) {
        expectOnlyItsKindsFields(pass);
        ++kinds[static_cast<int>(pass.kind)];
      }
      d.precision = Precision::F64;
      for (const PassInfo& pass : realStepPasses(planRealSteps(d, limits))) {
        expectOnlyItsKindsFields(pass);
        ++kinds[static_cast<int>(pass.kind)];
      }
    }
  }
  // The cases reach every kind a plan launches.
  for (PassKind kind : {PassKind::Stockham, PassKind::Local, PassKind::Transpose, PassKind::Elementwise, PassKind::Grouped})
    EXPECT_GT(kinds[static_cast<int>(kind)], 0u) << static_cast<int>(kind);
}

}  // namespace
}  // namespace fftscope
