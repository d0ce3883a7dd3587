// limitsOf builds the planner's limits from the driver's facts and a Settings value passed in,
// never from the environment, and the table's defaults are the planner's own.
#include "engine/DeviceLimitsOf.h"
#include "engine/Plan.h"
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
      l.splitTwiddles ? static_cast<std::uint64_t>(*l.splitTwiddles) + 1 : 0, l.innerRadices.size()};
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

}  // namespace
}  // namespace fftscope
