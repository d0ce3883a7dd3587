// Exchanges laid out in local memory (planning/ExchangeLayout.h): the bank model on a case worked
// by hand, the kernel's assumption that a butterfly's positions stay evenly spaced checked for
// every exchange of every grouped pass over a sweep of lengths, and plans with laid-out exchanges
// (plain passes of odd radices, f64, 2D columns, component passes) run against FFTW.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/planning/ExchangeLayout.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/planning/PassPlan.h"
#include "engine/planning/RealSteps.h"
#include "engine/planning/RegisterExchange.h"
#include "engine/runtime/PassKernels.h"

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

// As grouped_exchange.cl's laid_out and LAID_STEP.
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

TEST(ExchangeLayout, LanesShareOneStrideAndEachExchangeIsBestWithinIt) {
  // Two lanes of 512 points (8 8 8): whatever odd stride the choice lands on, no layout that fits
  // it takes fewer turns in any exchange there, and in all they take no more turns than unpadded
  // lanes with no layout.
  ExchangeShape s;
  s.points = 512;
  s.lanes = 2;
  s.group = 64;
  s.radices = {8, 8, 8};
  const std::size_t positions = (512 + 512 / 16) | 1;
  const ExchangeLayouts chosen = chooseExchangeLayouts(s, positions);
  ASSERT_EQ(chosen.exchanges.size(), 2u);
  EXPECT_EQ(chosen.laneStride % 2, 1u);
  EXPECT_LE(chosen.laneStride, positions);
  std::size_t total = 0;
  for (std::size_t e = 1; e < s.radices.size(); ++e) {
    EXPECT_LE(laidOutPositions(s.points, chosen.exchanges[e - 1]), chosen.laneStride);
    const std::size_t turns = exchangeTurns(s, e, chosen.exchanges[e - 1], chosen.laneStride);
    total += turns;
    const std::size_t readStride = s.points / static_cast<std::size_t>(s.radices[e]);
    for (std::size_t gap : {1u, 2u, 4u, 8u})
      for (std::size_t every = 8; every <= readStride; ++every) {
        const ExchangeLayout other{every, gap};
        if (every < 4 * gap || readStride % every != 0 || !keepsSteps(s, e, other) ||
            laidOutPositions(s.points, other) > chosen.laneStride)
          continue;
        EXPECT_LE(turns, exchangeTurns(s, e, other, chosen.laneStride)) << "exchange " << e << " every " << every;
      }
  }
  EXPECT_LE(total, exchangeTurns(s, 1, {}, s.points | 1) + exchangeTurns(s, 2, {}, s.points | 1));
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
        // A plain pass within the padded lanes its plan counted on (grouped_io.cl's LSTRIDE).
        if (!pass.grouped.componentExchange) EXPECT_LE(layouts.laneStride, (shape->points + shape->points / 16) | 1);
      }
    }
  EXPECT_GT(laidOutPasses, 100u);
}

TEST(ExchangeLayout, EveryLayoutItAcceptsKeepsButterfliesEvenlySpaced) {
  // Not only the chosen ones: every layout keepsSteps lets through, over several shapes.
  for (const auto& [points, radices] : {std::pair{std::size_t{1000}, std::vector<int>{10, 10, 10}},
                                        std::pair{std::size_t{3000}, std::vector<int>{12, 10, 5, 5}},
                                        std::pair{std::size_t{6144}, std::vector<int>{8, 8, 8, 12}},
                                        std::pair{std::size_t{7776}, std::vector<int>{6, 6, 6, 6, 6}},
                                        std::pair{std::size_t{4096}, std::vector<int>{16, 16, 16}}}) {
    ExchangeShape s;
    s.points = points;
    s.radices = radices;
    for (std::size_t e = 1; e < radices.size(); ++e) {
      std::size_t accepted = 0;
      for (std::size_t every = 2; every <= points; ++every)
        if (keepsSteps(s, e, {every, 3})) {
          ++accepted;
          expectEvenSteps(s, e, {every, 3}, std::to_string(points));
        }
      EXPECT_GT(accepted, 0u) << points << " exchange " << e;
    }
  }
}

TEST(ExchangeLayout, TheKernelIsBuiltWithEachExchangesLayout) {
  PlanDescription d = PlanDescription::oneD(1000, 4);
  d.variant = Variant::Auto;
  const std::vector<PassInfo> passes = planPasses(d, h200Like());
  ASSERT_EQ(passes.size(), 1u);
  ASSERT_TRUE(passes[0].grouped.build.layouts);
  const ExchangeLayouts& layouts = *passes[0].grouped.build.layouts;
  const std::string options = passBuildOptions(passes[0], d.precision, d.direction);
  EXPECT_NE(options.find(" -D AFFINE_EXCHANGES=1"), std::string::npos) << options;
  EXPECT_NE(options.find(" -D LANE_STRIDE=" + std::to_string(layouts.laneStride) + " "), std::string::npos) << options;
  for (std::size_t e = 0; e < layouts.exchanges.size(); ++e) {
    const std::string every = " -D EVERY" + std::to_string(e + 1) + "=";
    if (layouts.exchanges[e].every) {
      EXPECT_NE(options.find(every + std::to_string(layouts.exchanges[e].every) + " -D GAP" + std::to_string(e + 1) + "=" +
                             std::to_string(layouts.exchanges[e].gap)),
                std::string::npos)
          << options;
    } else {
      EXPECT_EQ(options.find(every), std::string::npos) << options;
    }
  }
}

TEST(ExchangeLayout, PassesWithHooksTanglingOrSlicesKeepTheirPadding) {
  DeviceLimits limits = h200Like();
  std::size_t checked = 0;
  const auto expectPadded = [&](const std::vector<PassInfo>& passes, bool (*kept)(const PassInfo&)) {
    for (const PassInfo& pass : passes)
      if (pass.kind == PassKind::Grouped && kept(pass)) {
        ++checked;
        EXPECT_FALSE(pass.grouped.build.layouts) << pass.label();
      }
  };
  const auto sliced = [](const PassInfo& p) { return p.grouped.exchangeRounds > 1 && !p.grouped.componentExchange; };
  const auto hooked = [](const PassInfo& p) { return p.hooks.any() || p.grouped.half.tangleIn || p.grouped.half.untangleOut; };
  PlanDescription d = PlanDescription::oneD(16384, 4);  // register-held in slices
  d.variant = Variant::Auto;
  expectPadded(planPasses(d, limits), sliced);
  EXPECT_GT(checked, 0u) << "slices";
  for (std::size_t n : {4099u, 65537u, 1000003u}) {  // Bluestein's and Rader's hooks
    checked = 0;
    d = PlanDescription::oneD(n, 2);
    d.variant = Variant::Auto;
    expectPadded(planPasses(d, limits), hooked);
    EXPECT_GT(checked, 0u) << n;
  }
  for (Direction direction : {Direction::Forward, Direction::Inverse}) {  // R2C's untangling, C2R's tangling
    checked = 0;
    d = PlanDescription::twoD(1024, 1024, 1);
    d.variant = Variant::Auto;
    d.direction = direction;
    for (const RealStep& step : planRealSteps(d, limits)) expectPadded(step.passes, hooked);
    EXPECT_GT(checked, 0u) << (direction == Direction::Forward ? "R2C" : "C2R");
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
