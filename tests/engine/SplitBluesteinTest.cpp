// Bluestein's stage over padded rows of M = N1 x N2 in three launches (SplitBluestein.h): the
// plan as a GPU makes it, and its results against FFTW in long double within the Bluestein gate
// 5·u·√log2 N on the test device. The lengths below M = 2^21 are split where the estimate would
// not (DeviceLimits::preferSplitBluestein), so that small, quick cases cover row lengths, column
// steps, batches, both precisions and directions and the stage's own layout in a 2D array.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/planning/GroupedPasses.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/planning/SplitBluestein.h"
#include "engine/planning/StagePlanner.h"
#include "engine/reference/Accuracy.h"
#include "engine/runtime/PassKernels.h"
#include "engine/runtime/Plan.h"
#include "engine/runtime/TwiddleTable.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace fftscope {
namespace {

DeviceLimits gpuLike(bool preferSplit, SplitTwiddles twiddles = SplitTwiddles::Rows) {
  DeviceLimits limits{48 * 1024, 1024, true};
  limits.rader = false;  // primes with a smooth n - 1 would go by Rader's
  limits.preferSplitBluestein = preferSplit;
  limits.splitTwiddles = twiddles;
  return limits;
}

class Split : public ::testing::TestWithParam<LimitsCase> {};

TEST_P(Split, MatchesFftwWithinTheBluesteinGate) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const PlanDescription& d = GetParam().d;
  if (d.precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  const std::vector<PassInfo> passes = planPasses(d, GetParam().limits);
  // Three launches over the padded rows (and, in 2D, the other axis's passes).
  const auto split = std::count_if(passes.begin(), passes.end(), [](const PassInfo& p) { return p.hooks.splitCols != 0; });
  ASSERT_EQ(split, 3) << d.summary();
  // Every pass of a batch takes the batch's rows in turn where asked of them all.
  if (GetParam().limits.batchFastGroups == 2 && d.batch > 1) {
    for (const PassInfo& pass : passes) {
      if (pass.hooks.splitCols) {
        EXPECT_NE(pass.grouped.batchGroups, 0u) << pass.label();
      }
    }
  }
  if (d.dimensions == 1) {
    ASSERT_EQ(passes.size(), 3u) << d.summary();
  }
  const double gate = l2Gate(d.precision, d.points(), GateKind::Transcendental);
  if (d.precision == Precision::F32)
    expectPassesMatchFftw<float>(*context, d, passes, gate, 5);
  else
    expectPassesMatchFftw<double>(*context, d, passes, gate, 5);
}

DeviceLimits rowsOf(std::size_t cols, SplitTwiddles twiddles = SplitTwiddles::Rows) {
  DeviceLimits limits = gpuLike(true, twiddles);
  limits.splitRowLength = cols;
  return limits;
}

DeviceLimits batchGroups(std::size_t which) {
  DeviceLimits limits = gpuLike(true);
  limits.batchFastGroups = which;
  return limits;
}

std::vector<LimitsCase> cases() {
  const Precision f32 = Precision::F32, f64 = Precision::F64;
  const Direction forward = Direction::Forward, inverse = Direction::Inverse;
  const DeviceLimits asked = gpuLike(true);
  const DeviceLimits twiddled = gpuLike(true, SplitTwiddles::Columns);
  const DeviceLimits firstColumn = gpuLike(true, SplitTwiddles::FirstColumn);
  std::vector<LimitsCase> all{
      limitsCase(0, 1000003, 1, f32, gpuLike(false), "estimated"),  // M = 2^21 as 512 rows of 4096
      limitsCase(0, 4099, 3, f32, asked, "split", inverse),
      limitsCase(0, 4099, 1, f32, asked, "split", forward, TwiddleMode::Sincos),  // the hook table alone
      limitsCase(0, 2053, 2, f64, asked, "split"),
      limitsCase(0, 65537, 3, f32, asked, "split"),
      limitsCase(0, 65537, 1, f64, asked, "split", inverse),
      limitsCase(7, 2053, 1, f32, asked, "split"),  // rows of a 2D array: the stage's rows lie 2053 apart
      // The twiddles w(n2*k1, M) on the column passes instead of the row pass (more below).
      limitsCase(0, 1000003, 1, f32, gpuLike(false, SplitTwiddles::Columns), "estimatedColumnTwiddles"),
      limitsCase(0, 2053, 1, f64, twiddled, "columnTwiddles", inverse, TwiddleMode::Sincos),
      // Columns of 48 in 16 lanes over 128 work-items: the last round has work-items past the
      // last butterfly, which read and twiddle nothing.
      limitsCase(0, 82757, 1, f32, gpuLike(false, SplitTwiddles::Columns), "estimatedColumnTwiddles"),
      // Shorter rows than local memory holds (DeviceLimits::splitRowLength).
      limitsCase(0, 1000003, 1, f32, rowsOf(2048), "rows2048"),
      limitsCase(0, 65537, 2, f64, rowsOf(2048, SplitTwiddles::Columns), "rows2048ColumnTwiddles", inverse),  // M = 163840 as 80 x 2048
      // Rows of 16 and 8 points, which take two inner passes of several work-items a row.
      limitsCase(0, 4099, 3, f32, rowsOf(16), "rows16"),
      limitsCase(0, 2053, 2, f64, rowsOf(8, SplitTwiddles::Columns), "rows8ColumnTwiddles", inverse),
      // A batch's rows in turn on every pass, and on none (the row pass's is the default above).
      limitsCase(0, 4099, 3, f32, batchGroups(2), "batchFastEveryPass", inverse),
      limitsCase(0, 2053, 7, f64, batchGroups(2), "batchFastEveryPass"),
      limitsCase(7, 2053, 3, f32, batchGroups(2), "batchFastEveryPass"),
      limitsCase(0, 4099, 3, f32, batchGroups(0), "batchInOrder"),
      // The first twiddles on the first column pass's stores, the second on the row pass's stores.
      limitsCase(0, 1000003, 1, f32, gpuLike(false, SplitTwiddles::FirstColumn), "estimatedFirstColumnTwiddles"),
      limitsCase(0, 65537, 2, f32, rowsOf(2048, SplitTwiddles::FirstColumn), "rows2048FirstColumnTwiddles"),
  };
  // Each other place of the twiddles over the same shapes: batches, a one-row plan with the hook
  // table alone (sincos), f64 both ways and rows of a 2D array.
  for (const auto& [limits, name] : {std::pair{twiddled, "columnTwiddles"}, std::pair{firstColumn, "firstColumnTwiddles"}}) {
    all.push_back(limitsCase(0, 4099, 3, f32, limits, name, inverse));
    all.push_back(limitsCase(0, 4099, 1, f32, limits, name, forward, TwiddleMode::Sincos));
    all.push_back(limitsCase(0, 2053, 2, f64, limits, name));
    all.push_back(limitsCase(0, 65537, 1, f64, limits, name, inverse));
    all.push_back(limitsCase(7, 2053, 1, f32, limits, name));
  }
  return all;
}

INSTANTIATE_TEST_SUITE_P(Primes, Split, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<LimitsCase>& info) { return info.param.name; });

TEST(SplitPlan, ConvolvesOverColumnsRowsAndColumnsOfThePaddedRows) {
  const PlanDescription d = PlanDescription::oneD(1000003, 16);
  const std::vector<PassInfo> passes = planPasses(d, gpuLike(false));
  ASSERT_EQ(passes.size(), 3u);
  const std::size_t m = passes[0].padded, cols = passes[0].hooks.splitCols;
  EXPECT_EQ(m, std::size_t{1} << 21);
  ASSERT_GT(cols, 1u);
  EXPECT_EQ(m % cols, 0u);
  for (const PassInfo& pass : passes) {
    EXPECT_EQ(pass.kind, PassKind::Grouped) << pass.label();
    EXPECT_EQ(pass.length, m) << pass.label();
    EXPECT_EQ(pass.rows, 16u) << pass.label();
    EXPECT_EQ(pass.hooks.splitCols, cols) << pass.label();
  }
  // Columns of M / cols points in place, rows of cols points between them.
  EXPECT_TRUE(passes[0].batchFastest && passes[2].batchFastest);
  EXPECT_EQ(passes[0].span, m / cols);
  EXPECT_EQ(passes[0].stride, cols);
  EXPECT_TRUE(passes[0].hooks.chirpIn && !passes[0].hooks.chirpOut);
  EXPECT_FALSE(passes[1].batchFastest);
  EXPECT_EQ(passes[1].span, cols);
  EXPECT_EQ(passes[1].p, m / cols);  // its twiddles w(f*k1, M)
  EXPECT_TRUE(passes[1].hooks.filterMiddle);
  EXPECT_EQ(passes[1].grouped.exchangeRounds, 1u);
  EXPECT_GE(passes[1].grouped.innerRadices.size(), 2u);
  EXPECT_TRUE(passes[2].hooks.chirpOut && !passes[2].hooks.chirpIn);
  // The row pass takes the batch's rows in turn, a group a row of N1 each; the column passes not.
  EXPECT_EQ(passes[1].grouped.batchGroups, (m / cols) / passes[1].grouped.lanes);
  EXPECT_EQ(passes[0].grouped.batchGroups, 0u);
  EXPECT_EQ(passes[2].grouped.batchGroups, 0u);
  EXPECT_NE(passes[1].label().find("batch-fast"), std::string::npos) << passes[1].label();
  DeviceLimits everyPass = gpuLike(false);
  everyPass.batchFastGroups = 2;
  const std::vector<PassInfo> all = planPasses(d, everyPass);
  EXPECT_EQ(all[0].grouped.batchGroups, cols / all[0].grouped.lanes);
  EXPECT_EQ(all[2].grouped.batchGroups, cols / all[2].grouped.lanes);
  // One padded row has nothing to take in turn.
  EXPECT_EQ(planPasses(PlanDescription::oneD(1000003, 1), everyPass)[1].grouped.batchGroups, 0u);
  EXPECT_EQ(passes[0].source, kInput);
  EXPECT_EQ(passes[2].destination, kOutput);
  EXPECT_EQ(slotElements(passes, kScratchC, d.elements()), m * 16);
  const StageChoice c = chooseStage(1000003, d, gpuLike(false), 16);
  EXPECT_EQ(c.splitCols, cols);
  EXPECT_NE(c.reason.find("rows of " + std::to_string(cols)), std::string::npos) << c.reason;
  // Turned off: Stockham steps of M, five launches.
  DeviceLimits off = gpuLike(false);
  off.splitBluestein = false;
  const std::vector<PassInfo> steps = planPasses(d, off);
  EXPECT_EQ(steps.size(), 5u);
  for (const PassInfo& pass : steps) EXPECT_EQ(pass.hooks.splitCols, 0u) << pass.label();
}

TEST(SplitPlan, PutsTheTwiddlesOnTheColumnPassesWhereAsked) {
  const PlanDescription d = PlanDescription::oneD(1000003, 16);
  const std::vector<PassInfo> rows = planPasses(d, gpuLike(false));
  const std::vector<PassInfo> columns = planPasses(d, gpuLike(false, SplitTwiddles::Columns));
  ASSERT_EQ(rows.size(), 3u);
  ASSERT_EQ(columns.size(), 3u);
  const std::size_t m = rows[0].padded;
  // On the row pass: w(f*k, F*p), its table's lo and hi; none on the columns.
  EXPECT_EQ(groupedOuterLength(rows[0]), 0u);
  EXPECT_EQ(groupedOuterLength(rows[1]), m);
  EXPECT_EQ(groupedOuterLength(rows[2]), 0u);
  // On the columns: w(n2*k1, M) from lo and hi of M; none on the row pass, whose table shrinks.
  for (const PassInfo& pass : columns) EXPECT_EQ(pass.hooks.splitTwiddles, SplitTwiddles::Columns) << pass.label();
  EXPECT_EQ(groupedOuterLength(columns[0]), m);
  EXPECT_EQ(groupedOuterLength(columns[1]), 0u);
  EXPECT_EQ(groupedOuterLength(columns[2]), m);
  EXPECT_EQ(groupedTableLayout(columns[1]).lo, 0u);
  EXPECT_LT(passTwiddlesF32(columns[1], Direction::Forward).size(), passTwiddlesF32(rows[1], Direction::Forward).size());
  EXPECT_NE(columns[0].label().find("+twiddles"), std::string::npos) << columns[0].label();
  EXPECT_NE(columns[1].label().find("untwiddled"), std::string::npos) << columns[1].label();
  EXPECT_NE(passBuildOptions(columns[0], Precision::F32, Direction::Forward).find("-D COLUMN_TWIDDLES=1"), std::string::npos);
  EXPECT_EQ(passBuildOptions(rows[0], Precision::F32, Direction::Forward).find("COLUMN_TWIDDLES"), std::string::npos);
  // The first on the first column pass's stores, the second on the row pass's stores: the row
  // pass keeps its table of w(e, M), the last column pass needs none.
  const std::vector<PassInfo> first = planPasses(d, gpuLike(false, SplitTwiddles::FirstColumn));
  ASSERT_EQ(first.size(), 3u);
  EXPECT_EQ(groupedOuterLength(first[0]), m);
  EXPECT_EQ(groupedOuterLength(first[1]), m);
  EXPECT_EQ(groupedOuterLength(first[2]), 0u);
  EXPECT_NE(first[0].label().find("+twiddles"), std::string::npos) << first[0].label();
  EXPECT_NE(first[1].label().find("loads untwiddled"), std::string::npos) << first[1].label();
  EXPECT_EQ(first[2].label().find("twiddle"), std::string::npos) << first[2].label();
  for (const PassInfo& pass : first)
    EXPECT_NE(passBuildOptions(pass, Precision::F32, Direction::Forward).find("-D COLUMN_TWIDDLES=2"), std::string::npos);
}

TEST(SplitPlan, KeepsStepsWhereTheyAreNoDearerAndColumnsUnsplit) {
  // 65537 x 255 over M < 2^18: two Stockham steps each way meet in three launches already.
  const std::vector<PassInfo> rows = planPasses(PlanDescription::oneD(65537, 255), gpuLike(false));
  for (const PassInfo& pass : rows) EXPECT_EQ(pass.hooks.splitCols, 0u) << pass.label();
  // A Bluestein axis along columns keeps the columns' layout in its padded arrays.
  const std::vector<PassInfo> columns = planPasses(PlanDescription::twoD(65537, 3), gpuLike(true));
  for (const PassInfo& pass : columns) EXPECT_EQ(pass.hooks.splitCols, 0u) << pass.label();
}

TEST(SplitPlan, StoresTheFilterInTheRowPassOrder) {
  std::vector<std::complex<long double>> spectrum(12);
  for (std::size_t k = 0; k < spectrum.size(); ++k) spectrum[k] = {static_cast<long double>(k), 0.0L};
  const auto ordered = splitOrder(spectrum, 4);  // 3 rows of 4: place k1 * 4 + k2 holds k1 + 3 * k2
  const long double expected[] = {0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11};
  for (std::size_t i = 0; i < ordered.size(); ++i) EXPECT_EQ(ordered[i].real(), expected[i]) << i;
}

TEST(SplitPlan, WeighsTheLongestRowsFirstAndTakesAnAskedOne) {
  const DeviceLimits limits = gpuLike(false);
  const std::size_t m = std::size_t{1} << 21;
  const std::vector<SplitShape> shapes = splitShapes(m, 16, Precision::F32, limits);
  ASSERT_GE(shapes.size(), 2u);
  EXPECT_EQ(shapes.front().cols, splitShape(m, 16, Precision::F32, limits).cols);
  for (std::size_t i = 1; i < shapes.size(); ++i) EXPECT_LT(shapes[i].cols, shapes[i - 1].cols);
  for (const SplitShape& shape : shapes) EXPECT_EQ(shape.rows * shape.cols, m);
  DeviceLimits asked = limits;
  asked.splitRowLength = shapes[1].cols;
  EXPECT_EQ(splitShape(m, 16, Precision::F32, asked).cols, shapes[1].cols);
  const std::vector<PassInfo> passes = planPasses(PlanDescription::oneD(1000003, 16), asked);
  ASSERT_EQ(passes.size(), 3u);
  for (const PassInfo& pass : passes) EXPECT_EQ(pass.hooks.splitCols, shapes[1].cols) << pass.label();
  asked.splitRowLength = 3;  // not a split of M
  EXPECT_EQ(splitShape(m, 16, Precision::F32, asked).cols, 0u);
}

TEST(SplitPlan, ShapesNeedOneRowStepInLocalMemoryAndOneColumnStep) {
  const DeviceLimits limits = gpuLike(false);
  const SplitShape shape = splitShape(std::size_t{1} << 21, 16, Precision::F32, limits);
  ASSERT_NE(shape.cols, 0u);
  EXPECT_EQ(shape.rows * shape.cols, std::size_t{1} << 21);
  EXPECT_LE(shape.cols * 8, limits.localMemBytes);
  EXPECT_EQ(shape.row.rounds, 1u);
  EXPECT_GE(shape.row.radices.size(), 2u);
  DeviceLimits off = limits;
  off.splitBluestein = false;
  EXPECT_EQ(splitShape(std::size_t{1} << 21, 16, Precision::F32, off).cols, 0u);
  off = limits;
  off.bluesteinMiddle = false;  // the row pass is where the FFTs meet
  EXPECT_EQ(splitShape(std::size_t{1} << 21, 16, Precision::F32, off).cols, 0u);
  EXPECT_EQ(splitShape(2, 1, Precision::F32, limits).cols, 0u);
}

}  // namespace
}  // namespace fftscope
