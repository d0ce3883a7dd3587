// Exchanges laid out in local memory (planning/ExchangeLayout.h): the bank model on a case worked
// by hand, the kernel's assumption that a butterfly's positions stay evenly spaced checked for
// every exchange of every grouped pass over a sweep of lengths, and plans with laid-out exchanges
// (plain passes of odd radices, f64, 2D columns, component passes) run against FFTW.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/planning/ExchangeLayout.h"
#include "engine/planning/PassPlan.h"
#include "engine/planning/RegisterExchange.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace fftscope {
namespace {

DeviceLimits h200Like() {
  DeviceLimits limits{48 * 1024, 1024};
  limits.registerCap = true;
  limits.registerValues = 0;
  return limits;
}

// As grouped_io.cl's laid_out and LAID_STEP.
std::size_t laidOut(std::size_t position, ExchangeLayout l) { return l.every ? position + l.gap * (position / l.every) : position; }
std::size_t laidStep(std::size_t stride, ExchangeLayout l) {
  return l.every && stride % l.every == 0 ? stride + l.gap * (stride / l.every) : stride;
}

// Every butterfly of the pass before exchange e writes j + m*pp, and of the pass after reads
// i + m*S: the kernel puts them at laidOut(first) + m * laidStep(stride).
void expectEvenSteps(const ExchangeShape& s, std::size_t e, ExchangeLayout l, const std::string& label) {
  std::size_t pp = 1;
  for (std::size_t i = 0; i + 1 < e; ++i) pp *= static_cast<std::size_t>(s.radices[i]);
  const std::size_t rw = static_cast<std::size_t>(s.radices[e - 1]), rr = static_cast<std::size_t>(s.radices[e]);
  for (std::size_t i = 0; i < s.points / rw; ++i) {
    const std::size_t k = i % pp, j = (i - k) * rw + k;
    for (std::size_t m = 0; m < rw; ++m)
      ASSERT_EQ(laidOut(j + m * pp, l), laidOut(j, l) + m * laidStep(pp, l)) << label << " exchange " << e << " writes";
  }
  const std::size_t stride = s.points / rr;
  for (std::size_t i = 0; i < stride; ++i)
    for (std::size_t m = 0; m < rr; ++m)
      ASSERT_EQ(laidOut(i + m * stride, l), laidOut(i, l) + m * laidStep(stride, l)) << label << " exchange " << e << " reads";
}

TEST(ExchangeLayout, TheBankModelCountsConflictsAsWorkedByHand) {
  // 6144 f32 points by components, 256 work-items of 24 values (8 8 8 12). The first exchange's
  // writes put butterfly i's value m at 8i + m: a warp's 32 words fall into 4 banks, 8 each,
  // where a gap after every 32 positions (8i + m + i/4) spreads them over all 32. Its reads
  // (i + m*768) are neighbours either way. The model follows 128 work-items: 3 rounds of
  // butterflies, 8 values each, 4 warps.
  ExchangeShape s;
  s.points = 6144;
  s.group = 256;
  s.radices = {8, 8, 8, 12};
  s.wordsPerValue = 1;
  EXPECT_EQ(exchangeTurns(s, 1, {}, s.points), 3u * 8 * 4 * 8 + 3u * 8 * 4);
  EXPECT_EQ(exchangeTurns(s, 1, {32, 1}, s.points), 3u * 8 * 4 + 3u * 8 * 4);
  EXPECT_TRUE(keepsSteps(s, 1, {32, 1}));   // 8 | 32 (writes of one butterfly in one run), 32 | 768
  EXPECT_FALSE(keepsSteps(s, 1, {12, 1}));  // 12 does not divide 768
  const ExchangeLayouts chosen = chooseExchangeLayouts(s, 12000);
  ASSERT_EQ(chosen.exchanges.size(), 3u);
  EXPECT_EQ(exchangeTurns(s, 1, chosen.exchanges[0], chosen.laneStride), 3u * 8 * 4 * 2);
}

TEST(ExchangeLayout, EveryChosenLayoutKeepsButterfliesEvenlySpacedAndFitsTheGroup) {
  const DeviceLimits limits = h200Like();
  std::size_t laidOutPasses = 0;
  for (Precision precision : {Precision::F32, Precision::F64})
    for (std::size_t n = 8; n <= 12300; n += n < 1200 ? 8 : 96) {
      PlanDescription d = PlanDescription::oneD(n, 4);
      d.variant = Variant::Auto;
      d.precision = precision;
      for (const PassInfo& pass : planPasses(d, limits)) {
        if (pass.kind != PassKind::Grouped || !pass.grouped.build.layouts) continue;
        ++laidOutPasses;
        const ExchangeLayouts& layouts = *pass.grouped.build.layouts;
        const std::optional<ExchangeShape> shape = exchangeShapeOf(pass, precision);
        ASSERT_TRUE(shape) << pass.label();
        ASSERT_EQ(layouts.exchanges.size(), shape->radices.size() - 1) << pass.label();
        for (std::size_t e = 1; e < shape->radices.size(); ++e) {
          const ExchangeLayout l = layouts.exchanges[e - 1];
          EXPECT_TRUE(keepsSteps(*shape, e, l)) << pass.label();
          expectEvenSteps(*shape, e, l, pass.label());
          EXPECT_LE(laidOutPositions(shape->points, l), layouts.laneStride) << pass.label();
        }
        const std::size_t bytes = shape->lanes * layouts.laneStride * shape->wordsPerValue * 4;
        EXPECT_LE(bytes + (pass.grouped.componentExchange ? kCompilerLocalBytes : 0), limits.localMemBytes) << pass.label();
      }
    }
  EXPECT_GT(laidOutPasses, 100u);
}

TEST(ExchangeLayout, PassesWithHooksOrSlicesKeepTheirPadding) {
  DeviceLimits limits = h200Like();
  PlanDescription d = PlanDescription::oneD(16384, 4);  // register-held in slices
  d.variant = Variant::Auto;
  for (const PassInfo& pass : planPasses(d, limits)) {
    if (pass.kind == PassKind::Grouped && pass.grouped.exchangeRounds > 1 && !pass.grouped.componentExchange) {
      EXPECT_FALSE(pass.grouped.build.layouts) << pass.label();
    }
  }
  limits.exchangeLayouts = false;
  d = PlanDescription::oneD(1000, 4);
  d.variant = Variant::Auto;
  for (const PassInfo& pass : planPasses(d, limits)) EXPECT_FALSE(pass.grouped.build.layouts) << pass.label();
}

struct LaidOutCase {
  std::size_t rows, cols, batch;
  Precision precision;
};

class LaidOut : public ::testing::TestWithParam<LaidOutCase> {};

TEST_P(LaidOut, MatchesFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const LaidOutCase& c = GetParam();
  const LimitsCase lc = limitsCase(c.rows, c.cols, c.batch, c.precision, h200Like(), "laid_out");
  const std::vector<PassInfo> passes = planPasses(lc.d, lc.limits);
  const bool any = std::any_of(passes.begin(), passes.end(), [](const PassInfo& p) {
    return p.grouped.build.layouts && std::any_of(p.grouped.build.layouts->exchanges.begin(),
                                                  p.grouped.build.layouts->exchanges.end(),
                                                  [](ExchangeLayout l) { return l.every != 0; });
  });
  EXPECT_TRUE(any) << lc.name << ": no exchange laid out with gaps";
  if (c.precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  const double gate = l2Gate(c.precision, lc.d.points(), GateKind::Table);
  if (c.precision == Precision::F32)
    expectPassesMatchFftw<float>(*context, lc.d, passes, gate, 7);
  else
    expectPassesMatchFftw<double>(*context, lc.d, passes, gate, 7);
}

INSTANTIATE_TEST_SUITE_P(Plans, LaidOut,
                         ::testing::Values(LaidOutCase{0, 1000, 3, Precision::F32}, LaidOutCase{0, 1080, 2, Precision::F32},
                                           LaidOutCase{0, 3000, 2, Precision::F32}, LaidOutCase{0, 1000, 3, Precision::F64},
                                           LaidOutCase{0, 6144, 2, Precision::F32}, LaidOutCase{0, 7776, 2, Precision::F32},
                                           LaidOutCase{0, 4096, 2, Precision::F32}, LaidOutCase{120, 1080, 1, Precision::F32}),
                         [](const ::testing::TestParamInfo<LaidOutCase>& info) {
                           const LaidOutCase& c = info.param;
                           return (c.rows ? std::to_string(c.rows) + "x" : std::string()) + std::to_string(c.cols) + "_b" +
                                  std::to_string(c.batch) + "_" + std::string(toString(c.precision));
                         });

}  // namespace
}  // namespace fftscope
