// limitsOf builds the planner's limits from the driver's facts and a Settings value passed in,
// never from the environment, and the table's defaults are the planner's own.
#include "engine/planning/DeviceLimitsOf.h"
#include "engine/runtime/Plan.h"
#include "settings/SettingsReader.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

namespace fftscope {
namespace {

cl::DeviceInfo gpuLike() {
  cl::DeviceInfo gpu;
  gpu.type = "GPU";
  gpu.localMemBytes = 48 * 1024;
  gpu.maxWorkGroupSize = 1024;
  gpu.registerCapOption = true;
  return gpu;
}

// Every field a setting reaches, to compare two limits whole.
std::vector<std::uint64_t> fieldsOf(const DeviceLimits& l) {
  std::vector<std::uint64_t> fields{
      l.registerPasses, l.preferRegisterPasses, l.registerFile, l.registerValues, l.registerCap,
      l.registerCapOverride, l.capEveryPass, l.reqdGroup, l.reqdWideHeld, l.fusedUntangle,
      l.padHalfSpectrum, l.runBytes, l.columnRunBytes, l.heldRunBytes, l.laterLanes,
      l.heldFewestRunBytes, l.storeTwiddles, l.wideRadices, l.groupTarget, l.oddInnerPasses,
      l.compositeRadix, l.innerPassValues, l.maxGroupItems, l.oneRoundGroupItems, l.eightFour,
      l.fewestRounds, l.rowItemPoints, l.itemPoints, l.stagedTwiddles, l.cacheChunkBytes,
      l.bluesteinLength, l.bluesteinMiddle, l.rader, l.preferRader, l.outerSteps, l.innerSteps,
      l.innerStepsEverywhere, l.filterPrefetch, l.filterPassCap, l.reverseGroups, l.raderPermutePass,
      l.splitBluestein, l.preferSplitBluestein, l.splitRowLength, l.batchFastGroups,
      l.splitTwiddles ? static_cast<std::uint64_t>(*l.splitTwiddles) + 1 : 0, l.innerRadices.size(),
      l.oddRegisterPasses};
  return fields;
}

TEST(LimitsOfSettings, HonoursASettingPassedInWithoutTheEnvironment) {
  ::setenv("FFTSCOPE_WIDE_RADICES", "1", 1);  // what the environment says is not asked
  Settings s;
  ASSERT_EQ(s.set("FFTSCOPE_WIDE_RADICES", "0"), "");
  ASSERT_EQ(s.set("FFTSCOPE_RADER", "prefer"), "");
  ASSERT_EQ(s.set("FFTSCOPE_REGISTER_CAP", "56"), "");
  ASSERT_EQ(s.set("FFTSCOPE_SPLIT_COLUMN_TWIDDLES", "rows"), "");
  ASSERT_EQ(s.set("FFTSCOPE_INNER_RADICES", "20,20,10"), "");
  ASSERT_EQ(s.set("FFTSCOPE_BLUESTEIN_M", "139968"), "");
  const DeviceLimits limits = limitsOf(gpuLike(), s);
  ::unsetenv("FFTSCOPE_WIDE_RADICES");
  EXPECT_FALSE(limits.wideRadices);
  EXPECT_TRUE(limits.rader && limits.preferRader);
  EXPECT_TRUE(limits.registerCap);
  EXPECT_EQ(limits.registerCapOverride, 56u);
  EXPECT_EQ(limits.splitTwiddles, SplitTwiddles::Rows);
  EXPECT_EQ(limits.innerRadices, (std::vector<int>{20, 20, 10}));
  EXPECT_EQ(limits.bluesteinLength, 139968u);
  EXPECT_TRUE(limitsOf(gpuLike(), Settings{}).wideRadices);
  ASSERT_EQ(s.set("FFTSCOPE_REGISTER_CAP", "0"), "");
  EXPECT_FALSE(limitsOf(gpuLike(), s).registerCap);
}

TEST(LimitsOfSettings, TheTablesDefaultsAreThePlannersOwn) {
  // Every entry given its default as if set: the limits are those of no setting at all, so the
  // table's defaults say what the planner does.
  Settings given;
  for (const SettingEntry& e : settingTable()) {
    if (e.defaultValue.empty()) continue;
    ASSERT_EQ(given.set(e.name, e.defaultValue), "") << e.name;
  }
  cl::DeviceInfo cpu;
  cpu.type = "CPU";
  for (const cl::DeviceInfo& device : {gpuLike(), cpu})
    EXPECT_EQ(fieldsOf(limitsOf(device, given)), fieldsOf(limitsOf(device, Settings{}))) << device.type;
  EXPECT_EQ(fieldsOf(limitsOf(gpuLike(), Settings{})), fieldsOf(limitsOf(gpuLike())));  // nothing installed
}

TEST(LimitsOfSettings, SwitchThePlannersLimits) {
  cl::DeviceInfo gpu;
  gpu.type = "GPU";
  gpu.localMemBytes = 48 * 1024;
  gpu.maxWorkGroupSize = 1024;
  Settings s;  // each value set alone, as the environment would give it: a bad one leaves the default
  auto put = [&s](const char* name, const char* value) {
    s.set(name, "");
    s.set(name, value);
  };
  put("FFTSCOPE_REGISTER_FILE", "131072");
  put("FFTSCOPE_REGISTER_PASSES", "prefer");
  DeviceLimits limits = limitsOf(gpu, s);
  EXPECT_EQ(limits.registerFile, 131072u);
  EXPECT_TRUE(limits.registerPasses && limits.preferRegisterPasses);
  EXPECT_TRUE(limits.wideRadices);
  put("FFTSCOPE_WIDE_RADICES", "0");
  EXPECT_FALSE(limitsOf(gpu, s).wideRadices);
  put("FFTSCOPE_WIDE_RADICES", "");
  EXPECT_TRUE(limits.oddRegisterPasses && !limits.oddRegisterPassesF32);
  put("FFTSCOPE_ODD_REGISTER_PASSES", "0");
  EXPECT_FALSE(limitsOf(gpu, s).oddRegisterPasses);
  put("FFTSCOPE_ODD_REGISTER_PASSES", "f32");
  EXPECT_TRUE(limitsOf(gpu, s).oddRegisterPasses && limitsOf(gpu, s).oddRegisterPassesF32);
  put("FFTSCOPE_ODD_REGISTER_PASSES", "");
  EXPECT_FALSE(limits.innerStepsEverywhere);
  put("FFTSCOPE_INNER_STEPS", "all");
  EXPECT_TRUE(limitsOf(gpu, s).innerSteps && limitsOf(gpu, s).innerStepsEverywhere);
  put("FFTSCOPE_INNER_STEPS", "");
  for (const char* bad : {"12abc", "5", "", "99999999999999999999"}) {
    put("FFTSCOPE_REGISTER_FILE", bad);
    EXPECT_EQ(limitsOf(gpu, s).registerFile, DeviceLimits{}.registerFile) << "'" << bad << "'";
  }
  put("FFTSCOPE_REGISTER_PASSES", "0");
  EXPECT_FALSE(limitsOf(gpu, s).registerPasses);
  // Values a work-item of a register-held pass: a GPU's chosen a step unless set to 16, 32 or 64.
  EXPECT_EQ(limits.registerValues, 0u);
  put("FFTSCOPE_REGISTER_VALUES", "32");
  EXPECT_EQ(limitsOf(gpu, s).registerValues, 32u);
  put("FFTSCOPE_REGISTER_VALUES", "64");
  EXPECT_EQ(limitsOf(gpu, s).registerValues, 64u);
  for (const char* ignored : {"24", "128", "8", "x"}) {
    put("FFTSCOPE_REGISTER_VALUES", ignored);
    EXPECT_EQ(limitsOf(gpu, s).registerValues, 0u) << "'" << ignored << "'";
  }
  put("FFTSCOPE_REGISTER_VALUES", "");
  // The measuring switches of the grouped kernels (inner steps, one-round groups, caps everywhere).
  EXPECT_TRUE(limits.innerSteps);
  EXPECT_EQ(limits.oneRoundGroupItems, limits.maxGroupItems);
  EXPECT_FALSE(limits.capEveryPass);
  EXPECT_FALSE(limits.splitTwiddles.has_value());
  EXPECT_EQ(splitTwiddlesFor(limits, Precision::F32), SplitTwiddles::FirstColumn);
  EXPECT_EQ(splitTwiddlesFor(limits, Precision::F64), SplitTwiddles::Rows);
  EXPECT_FALSE(limits.filterPrefetch);
  EXPECT_EQ(limits.filterPassCap, 0u);
  EXPECT_EQ(limits.batchFastGroups, 1u);
  put("FFTSCOPE_INNER_STEPS", "0");
  put("FFTSCOPE_SPLIT_COLUMN_TWIDDLES", "1");
  put("FFTSCOPE_SPLIT_ROWS", "2048");
  put("FFTSCOPE_ONE_ROUND_GROUP", "512");
  put("FFTSCOPE_CAP_EVERY_PASS", "1");
  put("FFTSCOPE_FILTER_PREFETCH", "1");
  put("FFTSCOPE_FILTER_PASS_CAP", "80");
  put("FFTSCOPE_BATCH_GROUPS", "2");
  const DeviceLimits switched = limitsOf(gpu, s);
  EXPECT_FALSE(switched.innerSteps);
  EXPECT_EQ(switched.oneRoundGroupItems, 512u);
  EXPECT_TRUE(switched.capEveryPass);
  EXPECT_EQ(splitTwiddlesFor(switched, Precision::F32), SplitTwiddles::Columns);
  EXPECT_EQ(splitTwiddlesFor(switched, Precision::F64), SplitTwiddles::Columns);
  EXPECT_TRUE(switched.filterPrefetch);
  EXPECT_EQ(switched.filterPassCap, 80u);
  EXPECT_EQ(switched.batchFastGroups, 2u);
  EXPECT_EQ(switched.splitRowLength, 2048u);
  // The split's twiddles by number or name; anything else leaves the default.
  put("FFTSCOPE_SPLIT_COLUMN_TWIDDLES", "first");
  put("FFTSCOPE_BATCH_GROUPS", "3");  // out of range: ignored
  EXPECT_EQ(splitTwiddlesFor(limitsOf(gpu, s), Precision::F64), SplitTwiddles::FirstColumn);
  put("FFTSCOPE_SPLIT_COLUMN_TWIDDLES", "0");
  EXPECT_EQ(splitTwiddlesFor(limitsOf(gpu, s), Precision::F32), SplitTwiddles::Rows);
  put("FFTSCOPE_SPLIT_COLUMN_TWIDDLES", "columns");
  EXPECT_EQ(splitTwiddlesFor(limitsOf(gpu, s), Precision::F32), SplitTwiddles::Columns);
  put("FFTSCOPE_SPLIT_COLUMN_TWIDDLES", "both");  // no such place: the default stays
  EXPECT_FALSE(limitsOf(gpu, s).splitTwiddles.has_value());
  EXPECT_EQ(limitsOf(gpu, s).batchFastGroups, DeviceLimits{}.batchFastGroups);
  put("FFTSCOPE_FILTER_PREFETCH", "");
  put("FFTSCOPE_FILTER_PASS_CAP", "");
  put("FFTSCOPE_BATCH_GROUPS", "");
  put("FFTSCOPE_ONE_ROUND_GROUP", "500");  // not a power of two
  EXPECT_EQ(limitsOf(gpu, s).oneRoundGroupItems, DeviceLimits{}.oneRoundGroupItems);
  // Batches in chunks through the L2 cache, in bytes (`plan --cache-chunk` for every command).
  EXPECT_EQ(limits.cacheChunkBytes, 0u);
  EXPECT_TRUE(limits.reqdGroup);
  EXPECT_FALSE(limits.reqdWideHeld);
  put("FFTSCOPE_REQD_GROUP", "0");
  EXPECT_FALSE(limitsOf(gpu, s).reqdGroup);
  put("FFTSCOPE_REQD_GROUP", "all");
  EXPECT_TRUE(limitsOf(gpu, s).reqdGroup && limitsOf(gpu, s).reqdWideHeld);
  put("FFTSCOPE_REQD_GROUP", "1");
  EXPECT_TRUE(limitsOf(gpu, s).reqdGroup);
  EXPECT_FALSE(limitsOf(gpu, s).reqdWideHeld);
  EXPECT_EQ(limits.heldFewestRunBytes, 64u);
  put("FFTSCOPE_HELD_FEWEST_RUN_BYTES", "32");
  EXPECT_EQ(limitsOf(gpu, s).heldFewestRunBytes, 32u);
  put("FFTSCOPE_HELD_FEWEST_RUN_BYTES", "48");  // not a power of two: ignored
  EXPECT_EQ(limitsOf(gpu, s).heldFewestRunBytes, 64u);
  put("FFTSCOPE_HELD_FEWEST_RUN_BYTES", "");
  put("FFTSCOPE_REQD_GROUP", "");
  put("FFTSCOPE_CACHE_CHUNK", "16777216");
  EXPECT_EQ(limitsOf(gpu, s).cacheChunkBytes, 16777216u);
  put("FFTSCOPE_CACHE_CHUNK", "16MiB");
  EXPECT_EQ(limitsOf(gpu, s).cacheChunkBytes, 0u);
  put("FFTSCOPE_CACHE_CHUNK", "");
  put("FFTSCOPE_INNER_STEPS", "");
  put("FFTSCOPE_SPLIT_COLUMN_TWIDDLES", "");
  put("FFTSCOPE_SPLIT_ROWS", "");
  put("FFTSCOPE_ONE_ROUND_GROUP", "");
  put("FFTSCOPE_CAP_EVERY_PASS", "");
  put("FFTSCOPE_REGISTER_FILE", "");
  put("FFTSCOPE_REGISTER_PASSES", "");
  limits = limitsOf(gpu, s);
  EXPECT_TRUE(limits.registerPasses);
  EXPECT_FALSE(limits.preferRegisterPasses);
}

}  // namespace
}  // namespace fftscope
