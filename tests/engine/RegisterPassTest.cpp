// Register-held grouped passes (core/engine/RegisterExchange.h): the planner's exhaustive check of
// the kernel's slice formulas, the plans a GPU's limits get (16384-point rows in one pass, 4096-
// point columns in one where the registers allow), and those plans run on the OpenCL device against FFTW in long double.
// PoCL's local memory is large, so the plans are made for a GPU-like device (48 KiB, 1024
// work-items a group), as tests/engine/GroupedPassTest.cpp does.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "engine/planning/GroupedBuild.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/runtime/HostRun.h"
#include "engine/runtime/PassKernels.h"
#include "engine/runtime/Plan.h"
#include "engine/planning/RegisterExchange.h"
#include "engine/planning/DeviceLimitsOf.h"
#include "settings/Settings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

namespace fftscope {
namespace {

const DeviceLimits kGpuLike{48 * 1024, 1024};

// A GPU whose work-groups may take twice an NVIDIA SM's registers: 16384 f32 points a group.
DeviceLimits moreRegisters() {
  DeviceLimits limits = kGpuLike;
  limits.registerFile *= 2;
  return limits;
}

// A GPU whose build caps registers (NVIDIA's -cl-nv-maxrregcount): groups of 1024 f32 work-items.
DeviceLimits cappedRegisters() {
  DeviceLimits limits = kGpuLike;
  limits.registerCap = true;
  return limits;
}

// Capped, and saving passes with registers where local memory cannot hold a strided step.
DeviceLimits cappedPreferring() {
  DeviceLimits limits = cappedRegisters();
  limits.preferRegisterPasses = true;
  return limits;
}

// Capped, 32 values a work-item (FFTSCOPE_REGISTER_VALUES=32): half the work-items, radix-8 passes.
DeviceLimits thirtyTwoValues() {
  DeviceLimits limits = cappedRegisters();
  limits.registerValues = 32;
  return limits;
}

DeviceLimits preferringRegisters() {
  DeviceLimits limits = kGpuLike;
  limits.preferRegisterPasses = true;
  return limits;
}

std::size_t heldPasses(const std::vector<GroupedStep>& steps) {
  std::size_t held = 0;
  for (const GroupedStep& step : steps) held += step.rounds > 1;
  return held;
}

TEST(RegisterExchange, AcceptsTheFormulasWhereTheyHold) {
  RegisterExchange e;
  e.points = 16384;
  e.lanes = 1;
  e.group = 1024;
  e.rounds = 4;
  e.radices = {4, 4, 4, 4, 4, 16};
  EXPECT_TRUE(exchangeSlicesExact(e));
  // A radix-16 pass has one butterfly a work-item: its outputs' slice depends on the work-item.
  e.radices = {16, 4, 4, 4, 4, 4};
  EXPECT_FALSE(exchangeSlicesExact(e));
  // Eight rounds would need eight butterflies of a radix-4 pass a work-item.
  e.radices = {4, 4, 4, 4, 4, 16};
  e.rounds = 8;
  EXPECT_FALSE(exchangeSlicesExact(e));
  // Columns: four lanes, read and written lane by lane.
  RegisterExchange columns{4096, 4, 1024, 4, 16, {4, 4, 4, 4, 16}, true, true};
  EXPECT_TRUE(exchangeSlicesExact(columns));
  columns.group = 512;  // 32 values a work-item where each holds 16
  EXPECT_FALSE(exchangeSlicesExact(columns));
}

TEST(RegisterExchange, PlansWhatTheRegistersHold) {
  // An NVIDIA SM's registers: 8192 f32 points or 4096 f64 points a group.
  const auto rows8k = groupedSteps(8192, 1024, false, Precision::F32, kGpuLike);
  ASSERT_EQ(rows8k.size(), 1u);
  EXPECT_EQ(rows8k[0].rounds, 2u);
  EXPECT_EQ(rows8k[0].group, 512u);
  const auto rows4kF64 = groupedSteps(4096, 1024, false, Precision::F64, kGpuLike);
  ASSERT_EQ(rows4kF64.size(), 1u);
  EXPECT_EQ(rows4kF64[0].group, 256u);
  EXPECT_EQ(heldPasses(groupedSteps(16384, 1024, false, Precision::F32, kGpuLike)), 0u);
  for (const GroupedStep& step : groupedSteps(16384, 64, false, Precision::F64, kGpuLike)) EXPECT_LE(step.group, 256u);
  // Twice the registers: 16384-point rows in one pass. Preferred, 2048-point columns and 2^22
  // in two register-held passes with runs of 64 bytes; 4096-point columns would read 32-byte
  // runs, which a register-held pass does not take (slower than local passes on the H200).
  const auto rows16k = groupedSteps(16384, 1024, false, Precision::F32, moreRegisters());
  ASSERT_EQ(rows16k.size(), 1u);
  EXPECT_EQ(rows16k[0].rounds, 4u);
  EXPECT_EQ(rows16k[0].group, 1024u);
  DeviceLimits morePreferred = moreRegisters();
  morePreferred.preferRegisterPasses = true;
  const auto columns2k = groupedSteps(2048, 4096, true, Precision::F32, morePreferred);
  ASSERT_EQ(columns2k.size(), 1u);
  EXPECT_GE(columns2k[0].lanes * 8, 64u);
  EXPECT_EQ(heldPasses(groupedSteps(2048, 4096, true, Precision::F32, moreRegisters())), 0u);
  EXPECT_EQ(heldPasses(groupedSteps(4096, 4096, true, Precision::F32, morePreferred)), 0u);
  // Unless asked to (FFTSCOPE_HELD_FEWEST_RUN_BYTES=32), with an SM's registers: one pass of 4
  // lanes, 64 values a work-item (2D 4096² in two launches, timed on the H200 and slower).
  DeviceLimits shortRuns = cappedPreferring();
  shortRuns.registerValues = 0;
  shortRuns.heldFewestRunBytes = shortRuns.heldRunBytes = 32;
  const auto columns4k = groupedSteps(4096, 4096, true, Precision::F32, shortRuns);
  ASSERT_EQ(columns4k.size(), 1u);
  EXPECT_EQ(columns4k[0].lanes, 4u);
  EXPECT_EQ(columns4k[0].values, 64u);
  shortRuns.heldFewestRunBytes = 64;  // the default: two local-memory passes
  EXPECT_EQ(groupedSteps(4096, 4096, true, Precision::F32, shortRuns).size(), 2u);
  EXPECT_EQ(heldPasses(groupedSteps(4096, 4096, true, Precision::F32, shortRuns)), 0u);
  const auto long22 = groupedSteps(std::size_t{1} << 22, 1, false, Precision::F32, morePreferred);
  EXPECT_EQ(long22.size(), 2u);
  EXPECT_EQ(heldPasses(long22), 2u);
  for (const GroupedStep& step : long22) EXPECT_GE(step.lanes * 8, 64u);
  // Off: only what local memory holds.
  DeviceLimits off = moreRegisters();
  off.registerPasses = false;
  EXPECT_EQ(heldPasses(groupedSteps(16384, 1024, false, Precision::F32, off)), 0u);
  EXPECT_EQ(groupedSteps(16384, 1024, false, Precision::F32, off).size(), 2u);
  // Preferred: longer runs than local memory allows (64 bytes against 32).
  const auto preferred = groupedSteps(std::size_t{1} << 20, 16, false, Precision::F32, preferringRegisters());
  ASSERT_EQ(preferred.size(), 2u);
  EXPECT_EQ(preferred[0].lanes, 8u);
  EXPECT_EQ(preferred[0].rounds, 2u);
}

TEST(RegisterExchange, ACappedBuildSizesGroupsByTheirValues) {
  // Where the build caps registers (NVIDIA's -cl-nv-maxrregcount), 64 a work-item hold 16 f32
  // values: groups of 1024 f32 (16384 points) and 512 f64 (8192 points).
  DeviceLimits capped = kGpuLike;
  capped.registerCap = true;
  const auto rows16k = groupedSteps(16384, 1024, false, Precision::F32, capped);
  ASSERT_EQ(rows16k.size(), 1u);
  EXPECT_EQ(rows16k[0].group, 1024u);
  const auto rows8kF64 = groupedSteps(8192, 1024, false, Precision::F64, capped);
  ASSERT_EQ(rows8kF64.size(), 1u);
  EXPECT_EQ(rows8kF64[0].group, 512u);
  // Registers lengthen the runs of 2^20's local passes (8 lanes, 512 work-items in two exchange
  // rounds, where local memory holds 4; 16 with FFTSCOPE_HELD_RUN_BYTES=128)...
  const auto long20 = groupedSteps(std::size_t{1} << 20, 16, false, Precision::F32, capped);
  ASSERT_EQ(long20.size(), 2u);
  EXPECT_EQ(heldPasses(long20), 2u);
  for (const GroupedStep& step : long20) {
    EXPECT_EQ(step.lanes, 8u);
    EXPECT_EQ(step.group, 512u);
    EXPECT_EQ(step.rounds, 2u);
  }
  DeviceLimits longerRuns = capped;
  longerRuns.heldRunBytes = 128;
  for (const GroupedStep& step : groupedSteps(std::size_t{1} << 20, 16, false, Precision::F32, longerRuns))
    EXPECT_EQ(step.lanes, 16u);
  // ...but save no pass unless preferred: 2^22 in three local passes, or two register-held ones.
  EXPECT_EQ(heldPasses(groupedSteps(std::size_t{1} << 22, 1, false, Precision::F32, capped)), 0u);
  EXPECT_EQ(heldPasses(groupedSteps(std::size_t{1} << 22, 1, false, Precision::F32, cappedPreferring())), 2u);
  // 2^24 would need 4096 points of 8 lanes a group: three local-memory passes instead.
  EXPECT_EQ(groupedSteps(std::size_t{1} << 24, 1, false, Precision::F32, capped).size(), 3u);
  EXPECT_EQ(registerCapFor(1024, capped), 64u);
  EXPECT_EQ(registerCapFor(512, capped), 128u);
  EXPECT_EQ(registerCapFor(64, capped), 255u);

  // The cap goes into the build options of register-held passes alone.
  PlanDescription d;
  d.cols = 16384;
  const std::vector<PassInfo> passes = planPasses(d, capped);
  ASSERT_EQ(passes.size(), 1u);
  EXPECT_NE(passBuildOptions(passes[0], d.precision, d.direction).find("-cl-nv-maxrregcount=64"),
            std::string::npos);
  EXPECT_EQ(passBuildOptions(planPasses(d, kGpuLike)[0], d.precision, d.direction).find("maxrregcount"), std::string::npos);
  d.cols = 1024;
  for (const PassInfo& pass : planPasses(d, capped))
    EXPECT_EQ(passBuildOptions(pass, d.precision, d.direction).find("maxrregcount"), std::string::npos);
  // A filter pass's own cap (FFTSCOPE_FILTER_PASS_CAP) goes on it alone, without the declared group
  // size that would override it, and only where the build can cap.
  DeviceLimits filterCapped = capped;
  filterCapped.filterPassCap = 80;
  const std::vector<PassInfo> rader = planPasses(PlanDescription::oneD(65537, 3), filterCapped);
  for (const PassInfo& pass : rader) {
    const std::string options = passBuildOptions(pass, Precision::F32, Direction::Forward);
    EXPECT_EQ(registerCapOf(pass, filterCapped) == 80, pass.hooks.filterMiddle) << pass.label();
    EXPECT_EQ(options.find("-cl-nv-maxrregcount=80") != std::string::npos, pass.hooks.filterMiddle) << options;
    EXPECT_EQ(options.find("REQD_GROUP=0") != std::string::npos, pass.hooks.filterMiddle) << options;
  }
  ASSERT_TRUE(std::any_of(rader.begin(), rader.end(), [](const PassInfo& p) { return p.hooks.filterMiddle; }));
  filterCapped.registerCap = false;
  for (const PassInfo& pass : rader) EXPECT_EQ(registerCapOf(pass, filterCapped), 0u) << pass.label();

  Settings s;  // each value set alone, as the environment would give it: a bad one leaves the default
  auto put = [&s](const char* name, const char* value) {
    s.set(name, "");
    s.set(name, value);
  };
  cl::DeviceInfo nvidia;
  nvidia.type = "GPU";
  nvidia.localMemBytes = 48 * 1024;
  nvidia.maxWorkGroupSize = 1024;
  nvidia.registerCapOption = true;
  EXPECT_TRUE(limitsOf(nvidia, s).registerCap);
  put("FFTSCOPE_REGISTER_CAP", "56");
  EXPECT_EQ(registerCapFor(1024, limitsOf(nvidia, s)), 56u);
  for (const char* ignored : {"300", "5", "abc", "56x", ""}) {
    put("FFTSCOPE_REGISTER_CAP", ignored);
    EXPECT_TRUE(limitsOf(nvidia, s).registerCap) << "'" << ignored << "'";
    EXPECT_EQ(registerCapFor(1024, limitsOf(nvidia, s)), 64u) << "'" << ignored << "'";
  }
  put("FFTSCOPE_REGISTER_CAP", "0");
  EXPECT_FALSE(limitsOf(nvidia, s).registerCap);
  put("FFTSCOPE_REGISTER_CAP", "");
  nvidia.registerCapOption = false;
  EXPECT_FALSE(limitsOf(nvidia, s).registerCap);
}

class RegisterHeld : public ::testing::TestWithParam<LimitsCase> {};

template <typename T>
void expectMatchesFftw(cl::DeviceContext& context, const PlanDescription& d, const DeviceLimits& limits) {
  std::vector<PassInfo> passes = planPasses(d, limits);
  std::size_t held = 0;
  for (const PassInfo& pass : passes) held += pass.kind == PassKind::Grouped && pass.grouped.exchangeRounds > 1;
  ASSERT_GT(held, 0u) << d.summary();
  const GateKind kind = gateKindFor(d.twiddle).value_or(GateKind::Table);
  expectPassesMatchFftw<T>(context, d, passes, l2Gate(d.precision, d.points(), kind), 11);
}

TEST_P(RegisterHeld, MatchesFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const LimitsCase& c = GetParam();
  if (c.d.precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  if (c.d.precision == Precision::F32)
    expectMatchesFftw<float>(*context, c.d, c.limits);
  else
    expectMatchesFftw<double>(*context, c.d, c.limits);
}

std::vector<LimitsCase> heldCases() {
  std::vector<LimitsCase> all;
  auto add = [&](auto... args) { all.push_back(limitsCase(args...)); };
  for (Precision precision : {Precision::F32, Precision::F64}) {
    // 16384 f64 points take two passes either way; 8192 take one in registers.
    if (precision == Precision::F32) add(0, 16384, 3, precision, moreRegisters(), "rows");
    add(0, precision == Precision::F32 ? 8192 : 4096, 2, precision, kGpuLike, "rows");
    add(0, std::size_t{1} << 22, 1, precision, cappedPreferring(), "long");
    add(2048, 20, 1, precision, cappedPreferring(), "columns");  // 20 columns: a group's last lanes are past the end
    add(0, std::size_t{1} << 20, 3, precision, cappedRegisters(), "lengthened");
    add(0, std::size_t{1} << 20, 1, precision, preferringRegisters(), "preferred");
  }
  // 32 values a work-item (those PoCL builds in seconds; some others, f64 ones in four rounds
  // among them, take it minutes: the H200's `verify` runs those).
  add(0, 16384, 2, Precision::F32, thirtyTwoValues(), "rows32");
  add(0, 4096, 2, Precision::F64, thirtyTwoValues(), "rows32");
  add(0, std::size_t{1} << 20, 3, Precision::F32, thirtyTwoValues(), "lengthened32");
  add(0, 16384, 1, Precision::F32, thirtyTwoValues(), "rows32", Direction::Inverse);
  DeviceLimits sixtyFour = cappedRegisters();
  sixtyFour.registerValues = 64;
  add(0, 16384, 2, Precision::F32, sixtyFour, "rows64");
  // The same with radices up to 16 (16 16 16 4 and 8 8 8 8 4), where 32 and 64 are allowed
  // (16 16 64 and 8 8 8 32).
  DeviceLimits plainSixtyFour = sixtyFour, plainThirtyTwo = thirtyTwoValues();
  plainSixtyFour.wideRadices = plainThirtyTwo.wideRadices = false;
  add(0, 16384, 2, Precision::F32, plainSixtyFour, "rows64plain");
  add(0, 16384, 2, Precision::F32, plainThirtyTwo, "rows32plain");
  add(0, 16384, 1, Precision::F32, plainThirtyTwo, "rows32plain", Direction::Inverse);
  add(0, 16384, 2, Precision::F32, moreRegisters(), "rows", Direction::Inverse);
  add(1024, 8, 3, Precision::F32, preferringRegisters(), "columns", Direction::Inverse);
  for (TwiddleMode t : {TwiddleMode::Sincos, TwiddleMode::Native, TwiddleMode::Recurrence})
    add(0, 16384, 1, Precision::F32, moreRegisters(), "rows", Direction::Forward, t);
  return all;
}

INSTANTIATE_TEST_SUITE_P(Plans, RegisterHeld, ::testing::ValuesIn(heldCases()),
                         [](const ::testing::TestParamInfo<LimitsCase>& info) { return info.param.name; });

}  // namespace
}  // namespace fftscope
