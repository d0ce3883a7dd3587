// The grouped passes (kernels/grouped_fft.cl) as a GPU's limits plan them: several passes for a
// long row, 2D columns read in place, mixed radices in one pass, against FFTW in long double.
// PoCL's own local memory is large enough for one pass almost everywhere, so the plans here are
// made for a GPU-like device (48 KiB of local memory, 1024 work-items) and for a smaller one.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "engine/planning/GroupedBuild.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/runtime/HostRun.h"
#include "engine/runtime/PassKernels.h"
#include "engine/runtime/Plan.h"
#include "settings/ProcessSettings.h"

#include <cstdlib>

#include <gtest/gtest.h>

namespace fftscope {
namespace {

// Odd rows in local-memory passes (12288 as 96 then 128 points), whose later passes these tests
// are about (OddRegisterPassTest.cpp has them in one register-held pass).
const DeviceLimits kGpuLike = [] { DeviceLimits l{48 * 1024, 1024}; l.oddRegisterPasses = false; return l; }();
const DeviceLimits kSmall{4 * 1024, 256};
// Passes after the first twiddling their own loads, as Bluestein's fused passes still do.
const DeviceLimits kLoadTwiddles = [] {
  DeviceLimits limits = kGpuLike;
  limits.storeTwiddles = false;
  return limits;
}();

template <typename T>
void expectMatchesFftw(cl::DeviceContext& context, const PlanDescription& d, const DeviceLimits& limits) {
  std::vector<PassInfo> passes = planPasses(d, limits);
  std::size_t grouped = 0;
  for (const PassInfo& pass : passes) grouped += pass.kind == PassKind::Grouped;
  ASSERT_GT(grouped, 0u) << d.summary();
  const GateKind kind = gateKindFor(d.twiddle).value_or(GateKind::Table);
  expectPassesMatchFftw<T>(context, d, passes, l2Gate(d.precision, d.points(), kind), 7);
}

class Grouped : public ::testing::TestWithParam<LimitsCase> {};

TEST_P(Grouped, MatchesFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const LimitsCase& c = GetParam();
  if (c.d.precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  if (c.d.precision == Precision::F32)
    expectMatchesFftw<float>(*context, c.d, c.limits);
  else
    expectMatchesFftw<double>(*context, c.d, c.limits);
}

std::vector<LimitsCase> cases() {
  std::vector<LimitsCase> all;
  auto add = [&](auto... args) { all.push_back(limitsCase(args...)); };
  for (Precision precision : {Precision::F32, Precision::F64}) {
    // Long rows in two and three passes; mixed radices across and inside passes.
    for (std::size_t n : {std::size_t{8192}, std::size_t{65536}, std::size_t{1} << 20, std::size_t{48000},
                          std::size_t{3 * 4096}, std::size_t{1000000}, std::size_t{44100}})
      add(0, n, n >= (1u << 20) ? 1 : 3, precision, kGpuLike, "gpu", Direction::Forward);
    add(0, 48000, 349, precision, kGpuLike, "gpu");
    for (std::size_t n : {std::size_t{1000}, std::size_t{4096}, std::size_t{2187}, std::size_t{17 * 31 * 8}})
      add(0, n, 7, precision, kSmall, "small");
    // 2D: columns in place, one pass and several; batches of arrays.
    add(64, 64, 3, precision, kGpuLike, "gpu");
    add(1080, 1920, 1, precision, kGpuLike, "gpu");
    add(750, 1000, 1, precision, kGpuLike, "gpu");
    add(3000, 4000, 1, precision, kGpuLike, "gpu");
    add(4096, 256, 1, precision, kGpuLike, "gpu");
    add(2048, 24, 2, precision, kSmall, "small");
    add(97 * 4, 30, 1, precision, kSmall, "small");
  }
  add(0, 65536, 3, Precision::F32, kGpuLike, "gpu", Direction::Inverse);
  add(512, 512, 2, Precision::F32, kSmall, "small", Direction::Inverse);
  for (TwiddleMode t : {TwiddleMode::Sincos, TwiddleMode::Native, TwiddleMode::Recurrence}) {
    add(0, 65536, 1, Precision::F32, kGpuLike, "gpu", Direction::Forward, t);
    add(0, 6000, 2, Precision::F64, kSmall, "small", Direction::Forward, t);
  }
  return all;
}

INSTANTIATE_TEST_SUITE_P(Plans, Grouped, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<LimitsCase>& info) { return info.param.name; });

// 2D columns read in place take runs of 256 bytes (32 lanes in f32, 16 in f64) where a step keeps
// 256 work-groups or more, 128 bytes otherwise and 128 for every other step (DeviceLimits::
// columnRunBytes); Plans/Grouped's 4096 x 256 runs such columns against FFTW.
TEST(GroupedColumns, TakeLongerRunsWhereTheyKeepEnoughGroups) {
  for (const auto& [precision, lanes] : {std::pair{Precision::F32, 32u}, std::pair{Precision::F64, 16u}}) {
    const std::vector<GroupedStep> many = groupedSteps(4096, 256, true, precision, kGpuLike);  // 256 x 64 lanes a step
    ASSERT_EQ(many.size(), 2u);
    for (const GroupedStep& step : many) EXPECT_EQ(step.lanes, lanes) << step.points;
    const std::vector<GroupedStep> few = groupedSteps(256, 256, true, precision, kGpuLike);  // 256 lanes in all
    ASSERT_FALSE(few.empty());
    EXPECT_EQ(few[0].lanes, lanes / 2);
    DeviceLimits shorter = kGpuLike;
    shorter.columnRunBytes = 128;
    EXPECT_EQ(groupedSteps(4096, 256, true, precision, shorter)[0].lanes, lanes / 2);
  }
  // A long row's passes keep 128-byte runs, its later ones too (DeviceLimits::laterLanes), where
  // local memory holds them; where it holds 8, they stay in local memory (2^18's second, 16 16 2).
  const std::vector<GroupedStep> long24 = groupedSteps(std::size_t{1} << 24, 1, false, Precision::F32, kGpuLike);
  ASSERT_EQ(long24.size(), 3u);
  for (const GroupedStep& step : long24) EXPECT_EQ(step.lanes, 16u) << step.points;
  const std::vector<GroupedStep> long18 = groupedSteps(std::size_t{1} << 18, 64, false, Precision::F32, kGpuLike);
  ASSERT_EQ(long18.size(), 2u);
  EXPECT_EQ(long18[1].lanes, 8u);
  EXPECT_EQ(long18[1].rounds, 1u);
}

// The f32 descriptions, and one in f64 where the device has it, against FFTW with the limits'
// switch on and off.
void expectMatchesFftwEitherWay(cl::DeviceContext& context, bool DeviceLimits::*onOff,
                                std::initializer_list<PlanDescription> f32, PlanDescription f64,
                                const DeviceLimits& limits = kGpuLike) {
  f64.precision = Precision::F64;
  for (bool on : {true, false}) {
    SCOPED_TRACE(on ? "on" : "off");
    DeviceLimits switched = limits;
    switched.*onOff = on;
    for (const PlanDescription& d : f32) expectMatchesFftw<float>(context, d, switched);
    if (context.device().fp64) expectMatchesFftw<double>(context, f64, switched);
  }
}

// A pass after others takes its group's outer twiddles from local memory where that has room, and
// from the table point by point where it has not (or FFTSCOPE_STAGED_TWIDDLES=0): both match FFTW.
TEST(GroupedTwiddles, StagedWhereLocalMemoryHasRoomAndMatchFftwEitherWay) {
  const PlanDescription rows = PlanDescription::oneD(65536, 3);
  const PlanDescription columns = PlanDescription::twoD(4096, 64);
  const PlanDescription straddling = PlanDescription::twoD(4096, 100);  // groups that span two rows
  EXPECT_EQ(groupedTableLayout(planPasses(straddling, kLoadTwiddles).back()).split, 3);
  for (const PlanDescription& d : {rows, columns, straddling}) {
    const std::vector<PassInfo> passes = planPasses(d, kLoadTwiddles);
    ASSERT_EQ(passes.back().kind, PassKind::Grouped) << d.summary();
    ASSERT_GT(passes.back().p, 1u) << d.summary();
    EXPECT_NE(passBuildOptions(passes.back(), d.precision, d.direction).find("STAGED_TWIDDLES=1"), std::string::npos);
    EXPECT_EQ(passBuildOptions(passes.front(), d.precision, d.direction).find("STAGED_TWIDDLES"), std::string::npos);
    // The same pass where local memory holds its own values alone: its lanes laid out, or padded.
    DeviceLimits tight = kLoadTwiddles;
    const PassInfo& last = passes.back();
    const std::optional<ExchangeLayouts>& layouts = last.grouped.build.layouts;
    tight.localMemBytes = layouts ? last.grouped.lanes * layouts->laneStride * bytesPerComplex(d.precision)
                                  : groupedLocalBytes(last.span, last.grouped.lanes, d.precision);
    std::vector<PassInfo> tightPasses = passes;
    chooseGroupedBuilds(tightPasses, d.precision, tight);
    EXPECT_EQ(passBuildOptions(tightPasses.back(), d.precision, d.direction).find("STAGED_TWIDDLES"), std::string::npos);
  }
  FFTSCOPE_REQUIRE_DEVICE(context);
  expectMatchesFftwEitherWay(*context, &DeviceLimits::stagedTwiddles, {rows, columns, straddling}, columns, kLoadTwiddles);
}

// Grouped kernels declare their group size unless asked not to (FFTSCOPE_REQD_GROUP=0, so that a
// register cap takes on NVIDIA): both match FFTW.
TEST(GroupedKernels, WithoutTheirDeclaredGroupSizeMatchFftw) {
  const PlanDescription rows = PlanDescription::oneD(4096, 3);
  const PlanDescription columns = PlanDescription::twoD(40, 48);
  DeviceLimits undeclared = kGpuLike;
  undeclared.reqdGroup = false;
  const PassInfo pass = planPasses(rows, kGpuLike).front();
  EXPECT_EQ(passBuildOptions(pass, rows.precision, rows.direction).find("REQD_GROUP"), std::string::npos);
  EXPECT_NE(passBuildOptions(planPasses(rows, undeclared).front(), rows.precision, rows.direction).find("-D REQD_GROUP=0"),
            std::string::npos);
  FFTSCOPE_REQUIRE_DEVICE(context);
  // The kernel as built declares its group size, or none (0, 0, 0) without it.
  for (const DeviceLimits& limits : {kGpuLike, undeclared}) {
    const PassInfo planned = planPasses(rows, limits).front();
    cl::Kernel kernel = context->kernel(passFamily(planned), passBuildOptions(planned, rows.precision, rows.direction),
                                        planned.kernelName().c_str());
    std::size_t declared[3] = {9, 9, 9};
    ASSERT_EQ(clGetKernelWorkGroupInfo(kernel.get(), context->device().id, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                       sizeof(declared), declared, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(declared[0], limits.reqdGroup ? pass.local[0] : 0u);
  }
  expectMatchesFftwEitherWay(*context, &DeviceLimits::reqdGroup, {rows, columns}, columns);
}

// A row's pass after others makes its outer twiddles from R/4 + 1 lookups a butterfly (OUTER_STEPS)
// unless asked not to (FFTSCOPE_OUTER_STEPS=0): both match FFTW.
TEST(GroupedTwiddles, OuterStepsInRowPassesAfterOthersMatchFftwEitherWay) {
  const PlanDescription rows = PlanDescription::oneD(65536, 3);
  const PlanDescription mixed = PlanDescription::oneD(12288, 3);  // 96 then 128 points
  for (const PlanDescription& d : {rows, mixed}) {
    const std::vector<PassInfo> passes = planPasses(d, kLoadTwiddles);
    ASSERT_GT(passes.size(), 1u) << d.summary();
    EXPECT_NE(passBuildOptions(passes.back(), d.precision, d.direction).find("OUTER_STEPS=1"), std::string::npos);
    EXPECT_EQ(passBuildOptions(passes.front(), d.precision, d.direction).find("OUTER_STEPS"), std::string::npos);
    DeviceLimits limits = kLoadTwiddles;
    limits.outerSteps = false;
    EXPECT_EQ(passBuildOptions(planPasses(d, limits).back(), d.precision, d.direction).find("OUTER_STEPS"), std::string::npos);
  }
  FFTSCOPE_REQUIRE_DEVICE(context);
  expectMatchesFftwEitherWay(*context, &DeviceLimits::outerSteps, {rows, mixed}, mixed, kLoadTwiddles);
}

// A row's or a column's grouped passes after the first take their outer twiddles from the stores
// of the pass before (DeviceLimits::storeTwiddles), which then reads none, builds no steps for
// them and stages none; off, each twiddles its own loads. Not after a pass whose last inner radix
// is no multiple of 4, nor from a pass that twiddles its own loads (its one outer table is its
// own). Both match FFTW: long rows in two and three passes, mixed radices, three passes whose
// first ends in radix 5 (the second then twiddles its loads and the third's), columns in two
// passes, groups that span two rows of columns, and an inverse.
TEST(GroupedTwiddles, OnThePassBeforesStoresMatchFftwEitherWay) {
  const PlanDescription rows = PlanDescription::oneD(65536, 3);
  const PlanDescription mixed = PlanDescription::oneD(12288, 3);
  const PlanDescription three = PlanDescription::oneD(std::size_t{1} << 21);
  const PlanDescription columns = PlanDescription::twoD(4096, 64);
  const PlanDescription straddling = PlanDescription::twoD(4096, 100);
  PlanDescription inverse = PlanDescription::oneD(65536, 2);
  inverse.direction = Direction::Inverse;
  for (const PlanDescription& d : {rows, mixed, three, columns, straddling, inverse}) {
    SCOPED_TRACE(d.summary());
    const std::vector<PassInfo> stored = planPasses(d, kGpuLike);
    ASSERT_GE(stored.size(), 2u);
    std::size_t axisPasses = 0;
    for (std::size_t i = 0; i + 1 < stored.size(); ++i) {
      if (stored[i].axis != stored[i + 1].axis) continue;
      ++axisPasses;
      EXPECT_EQ(stored[i].grouped.nextPoints, stored[i + 1].span) << i;
      EXPECT_TRUE(stored[i + 1].grouped.twiddledBefore) << i;
      EXPECT_EQ(groupedOuterLength(stored[i]), stored[i + 1].span * stored[i + 1].p) << i;
      const std::string options = passBuildOptions(stored[i + 1], d.precision, d.direction);
      EXPECT_NE(options.find("TWIDDLED_BEFORE=1"), std::string::npos) << i;
      EXPECT_EQ(options.find("OUTER_STEPS"), std::string::npos) << i;
      EXPECT_EQ(options.find("STAGED_TWIDDLES"), std::string::npos) << i;
    }
    EXPECT_GE(axisPasses, 1u);
    EXPECT_EQ(stored.back().grouped.nextPoints, 0u);
    EXPECT_EQ(stored.front().grouped.twiddledBefore, false);
    for (const PassInfo& pass : planPasses(d, kLoadTwiddles)) {
      EXPECT_EQ(pass.grouped.nextPoints, 0u);
      EXPECT_FALSE(pass.grouped.twiddledBefore);
    }
  }
  EXPECT_EQ(planPasses(three, kGpuLike).size(), 3u);
  std::size_t odd = 0;
  for (const PlanDescription& d : {PlanDescription::oneD(1000000, 16), PlanDescription::twoD(3000, 4000)}) {
    const std::vector<PassInfo> passes = planPasses(d, kGpuLike);
    for (std::size_t i = 0; i + 1 < passes.size(); ++i) {
      const bool fours = passes[i].grouped.innerRadices.back() % 4 == 0;
      odd += !fours;
      EXPECT_EQ(passes[i].grouped.nextPoints != 0, fours && passes[i].axis == passes[i + 1].axis) << d.summary() << " " << i;
      EXPECT_EQ(passes[i + 1].grouped.twiddledBefore, passes[i].grouped.nextPoints != 0) << d.summary() << " " << i;
    }
  }
  EXPECT_GE(odd, 2u);
  const PlanDescription fives = PlanDescription::oneD(81920, 2);  // 5 * 2^14 in three passes on kSmall
  const std::vector<PassInfo> fivePasses = planPasses(fives, kSmall);
  ASSERT_EQ(fivePasses.size(), 3u);
  EXPECT_NE(fivePasses[0].grouped.innerRadices.back() % 4, 0);
  EXPECT_EQ(fivePasses[1].grouped.nextPoints, 0u);
  EXPECT_FALSE(fivePasses[2].grouped.twiddledBefore);
  for (const PlanDescription& d : {rows, mixed, three, columns, straddling, inverse, PlanDescription::oneD(2621440)})
    for (const PassInfo& pass : planPasses(d, kGpuLike)) {
      if (pass.grouped.nextPoints) {
        EXPECT_TRUE(pass.p == 1 || pass.grouped.twiddledBefore) << d.summary() << " " << pass.label();
      }
    }
  FFTSCOPE_REQUIRE_DEVICE(context);
  for (const DeviceLimits& small : {kSmall, [] {
         DeviceLimits loads = kSmall;
         loads.storeTwiddles = false;
         return loads;
       }()})
    expectMatchesFftw<float>(*context, fives, small);
  for (const DeviceLimits& limits : {kGpuLike, kLoadTwiddles}) {
    SCOPED_TRACE(limits.storeTwiddles ? "on the stores" : "on the loads");
    for (const PlanDescription& d : {rows, mixed, three, columns, straddling, inverse})
      expectMatchesFftw<float>(*context, d, limits);
    if (context->device().fp64) {
      PlanDescription wide = rows;
      wide.precision = Precision::F64;
      expectMatchesFftw<double>(*context, wide, limits);
    }
  }
}

// Work-items a group: one butterfly of the step's largest radix, but 8 points in whole rows with an
// odd radix, and in an f32 pass after others with an odd radix the group of fewest rounds over its
// radices (FFTSCOPE_FEWEST_ROUNDS=0 keeps the first rule); both match FFTW. And no radix 2 after 16s.
// All without composite radices.
TEST(GroupedGroups, OddRadicesTakeFewerRoundsAndMatchFftwEitherWay) {
  DeviceLimits plain = kGpuLike;
  plain.compositeRadix = 0;  // the groups of plain radices (CompositeRadixTest has the composite ones)
  const std::vector<GroupedStep> rows = groupedSteps(1920, 1080, false, Precision::F32, plain);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].lanes * rows[0].points / rows[0].group, 8u);  // not 16, its largest radix
  const std::vector<GroupedStep> pow2 = groupedSteps(4096, 4096, false, Precision::F32, plain);
  ASSERT_EQ(pow2.size(), 1u);
  EXPECT_EQ(pow2[0].group, 4096u / 16);
  for (Precision precision : {Precision::F32, Precision::F64}) {
    const std::vector<GroupedStep> columns = groupedSteps(3000, 4000, true, precision, plain);
    ASSERT_EQ(columns.size(), 2u);
    const GroupedStep& later = columns[1];  // 60 = 4 3 5 points after 50
    const std::size_t oneButterfly = later.lanes * later.points / 5;
    if (precision == Precision::F32) {
      // 16 lanes: 192 work-items take the radix 4 in 2 rounds, 3 in 2 and 5 in 1; 256 in 1, 2, 1.
      EXPECT_EQ(later.lanes, 16u);
      EXPECT_EQ(later.group, 256u);
      EXPECT_GT(later.group, oneButterfly);
    } else {
      EXPECT_EQ(later.group, oneButterfly) << "f64 keeps one butterfly of the largest radix";
    }
    EXPECT_EQ(columns[0].group, columns[0].lanes * columns[0].points / 5) << "a first pass keeps it too";
  }
  // A 2 left after 16s: 512 as 8 8 8, 96 as 8 4 3 (FFTSCOPE_EIGHT_FOUR=0: 16 16 2, 16 2 3).
  EXPECT_EQ(groupedSteps(512, 64, false, Precision::F32, plain)[0].radices, (std::vector<int>{8, 8, 8}));
  EXPECT_EQ(groupedSteps(96, 64, false, Precision::F32, plain)[0].radices, (std::vector<int>{8, 4, 3}));
  DeviceLimits sixteens = plain;
  sixteens.eightFour = false;
  EXPECT_EQ(groupedSteps(512, 64, false, Precision::F32, sixteens)[0].radices, (std::vector<int>{16, 16, 2}));
  // Passes after others keep 16 16 2, whose largest radix leaves them more lanes.
  const std::vector<GroupedStep> long18 = groupedSteps(std::size_t{1} << 18, 64, false, Precision::F32, plain);
  ASSERT_EQ(long18.size(), 2u);
  EXPECT_EQ(long18[1].radices, (std::vector<int>{16, 16, 2}));
  DeviceLimits off = plain;
  off.fewestRounds = false;
  const std::vector<GroupedStep> kept = groupedSteps(3000, 4000, true, Precision::F32, off);
  EXPECT_EQ(kept[1].group, kept[1].lanes * kept[1].points / 5);
  FFTSCOPE_REQUIRE_DEVICE(context);
  expectMatchesFftwEitherWay(*context, &DeviceLimits::fewestRounds,
                             {PlanDescription::oneD(48000, 3), PlanDescription::twoD(3000, 40, 1)},
                             PlanDescription::oneD(1920, 3));
}

// A step over lanes takes up to oneRoundGroupItems work-items where every inner pass then runs in
// one round (off by default): 1080-point columns (12 10 9, 4 lanes) in 480 work-items that hold one
// butterfly each, against 256 that hold two; both match FFTW.
TEST(GroupedGroups, OneRoundGroupsWhenAskedMatchFftw) {
  const GroupedStep kept = groupedSteps(1080, 1920, true, Precision::F32, kGpuLike).at(0);
  EXPECT_EQ(kept.group, 256u);
  EXPECT_EQ(kept.values, 24u);
  DeviceLimits wide = kGpuLike;
  wide.oneRoundGroupItems = 512;
  const GroupedStep one = groupedSteps(1080, 1920, true, Precision::F32, wide).at(0);
  EXPECT_EQ(one.group, 480u);
  EXPECT_EQ(one.values, 12u);
  for (int r : one.radices) EXPECT_LE(one.lanes * one.points / static_cast<std::size_t>(r), one.group) << r;
  // Whole rows keep their groups.
  EXPECT_EQ(groupedSteps(1920, 1080, false, Precision::F32, wide).at(0).group,
            groupedSteps(1920, 1080, false, Precision::F32, kGpuLike).at(0).group);
  FFTSCOPE_REQUIRE_DEVICE(context);
  expectMatchesFftw<float>(*context, PlanDescription::twoD(1080, 1920), wide);
  expectMatchesFftw<float>(*context, PlanDescription::twoD(750, 1000), wide);
}

// Inner passes of radix 8, 12 and 16 take their twiddles from R/4 + 2 lookups and products
// (FFTSCOPE_INNER_STEPS, on by default) or one lookup each: both match FFTW.
TEST(GroupedTwiddles, InnerStepsMatchFftwEitherWay) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  expectMatchesFftwEitherWay(*context, &DeviceLimits::innerSteps,
                             {PlanDescription::oneD(4096, 3), PlanDescription::oneD(65536, 3), PlanDescription::oneD(1920, 3),
                              PlanDescription::twoD(1080, 1920)},
                             PlanDescription::oneD(16384, 3));
}

// Odd radices merged into composite ones (9, 15, 25, 27), where j*k mod r can be 0 in the odd
// DFT: where a row has more odd factors than the kernel has inner passes (1458 = 2 * 3^6, 2187 =
// 3^7 on a GPU's limits), or fewer passes are asked for (FFTSCOPE_ODD_INNER_PASSES).
TEST(GroupedMergedRadices, MatchFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  DeviceLimits merging = kGpuLike;
  merging.oddInnerPasses = 3;
  auto composite = [](const PlanDescription& d, const DeviceLimits& limits) {  // an odd radix like 9 or 15
    for (const PassInfo& pass : planPasses(d, limits))
      for (int r : pass.grouped.innerRadices)
        for (int f = 3; f * f <= r; f += 2)
          if (r % f == 0) return true;
    return false;
  };
  EXPECT_TRUE(composite(PlanDescription::oneD(1458), kGpuLike));
  EXPECT_TRUE(composite(PlanDescription::oneD(1080), merging));
  for (std::size_t n : {std::size_t{1000}, std::size_t{1080}, std::size_t{1458}, std::size_t{2187}, std::size_t{2835}})
    for (const DeviceLimits& limits : {merging, kGpuLike}) {
      expectMatchesFftw<float>(*context, PlanDescription::oneD(n, 3), limits);
      if (context->device().fp64) {
        PlanDescription d = PlanDescription::oneD(n, 3);
        d.precision = Precision::F64;
        expectMatchesFftw<double>(*context, d, limits);
      }
    }
}

TEST(GroupedPlanner, CutsLongRowsIntoFewPassesOnAGpu) {
  // 2^24: three passes; two of 4096 held in registers where a group may take twice an NVIDIA
  // SM's registers (RegisterPassTest).
  EXPECT_EQ(groupedSteps(std::size_t{1} << 24, 1, false, Precision::F32, kGpuLike).size(), 3u);
  EXPECT_EQ(groupedSteps(std::size_t{1} << 20, 16, false, Precision::F32, kGpuLike).size(), 2u);
  EXPECT_EQ(groupedSteps(4096, 4096, false, Precision::F32, kGpuLike).size(), 1u);
  EXPECT_EQ(groupedSteps(1000, 1, false, Precision::F32, kGpuLike).size(), 1u);
  EXPECT_TRUE(groupedSteps(65537, 1, false, Precision::F32, kGpuLike).empty());  // a prime above 31
  for (const GroupedStep& step : groupedSteps(std::size_t{1} << 24, 1, false, Precision::F32, kGpuLike)) {
    EXPECT_LE(groupedLocalBytes(step.points / step.rounds, step.lanes, Precision::F32), kGpuLike.localMemBytes);
    EXPECT_GE(step.lanes * 8, 32u);  // every access a run of at least 32 bytes
  }
}

}  // namespace
}  // namespace fftscope
