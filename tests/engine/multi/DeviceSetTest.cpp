// The device list's choices and refusals on made-up devices (no OpenCL call is made), and the
// machine's own device split into sub-devices.
#include "engine/cl/DeviceSet.h"
#include "engine/cl/SubDevices.h"
#include "settings/ProcessSettings.h"

#include <gtest/gtest.h>

#include <string>

namespace fftscope::cl {
namespace {

std::vector<DeviceInfo> machine() {
  std::vector<DeviceInfo> devices(3);
  const char* names[] = {"NVIDIA H200", "NVIDIA H200", "pthread-cpu"};
  for (int i = 0; i < 3; ++i) {
    devices[i].index = i;
    devices[i].id = reinterpret_cast<cl_device_id>(std::uintptr_t(i + 1));
    devices[i].name = names[i];
    devices[i].type = i < 2 ? "GPU" : "CPU";
    devices[i].platformName = i < 2 ? "NVIDIA CUDA" : "Portable Computing Language";
  }
  return devices;
}

std::string refusal(const std::string& list) {
  try {
    selectDevices(list, machine());
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(DeviceList, AllTakesTheGpus) {
  const auto chosen = selectDevices("all", machine());
  ASSERT_EQ(chosen.size(), 2u);
  EXPECT_EQ(chosen[1].index, 1);
  // Narrowed to the CPU, `all` takes the CPU: there is no GPU among those matching.
  const auto cpu = selectDevices("all", machine(), "pthread");
  ASSERT_EQ(cpu.size(), 1u);
  EXPECT_EQ(cpu[0].type, "CPU");
}

TEST(DeviceList, TakesIndicesAndNamesInTheirOrder) {
  const auto chosen = selectDevices("2,0", machine());
  ASSERT_EQ(chosen.size(), 2u);
  EXPECT_EQ(chosen[0].index, 2);
  EXPECT_EQ(chosen[1].index, 0);
  EXPECT_EQ(selectDevices("pthread", machine()).front().index, 2);
}

TEST(DeviceList, RefusesWhatItCannotTake) {
  EXPECT_NE(refusal("0,0").find("twice"), std::string::npos);
  EXPECT_NE(refusal("nvidia,0").find("twice"), std::string::npos);  // the name finds device 0
  EXPECT_NE(refusal("0,3").find("out of range"), std::string::npos);
  EXPECT_NE(refusal("").find("empty"), std::string::npos);
  EXPECT_NE(refusal("0,,1").find("empty item"), std::string::npos);
  EXPECT_NE(refusal("1,").find("empty item"), std::string::npos);
  EXPECT_NE(refusal("radeon").find("no OpenCL device matches"), std::string::npos);
  EXPECT_THROW(selectDevices("all", machine(), "radeon"), std::invalid_argument);
  EXPECT_NE(refusal("0/0").find("no parts"), std::string::npos);
}

// `I/N` on the machine's own device: N sub-devices, each a device of its own with its share of
// the compute units, usable by a DeviceSet.
TEST(DeviceList, SplitsADeviceIntoSubDevices) {
  const DeviceInfo parent = chooseDevice();
  if (parent.computeUnits < 2 || parent.computeUnits % 2 != 0 || partitionDevice(parent, 2).empty())
    GTEST_SKIP() << parent.name << " cannot be split in two";
  const std::vector<DeviceInfo> parts = selectDevices(std::to_string(parent.index) + "/2", listDevices());
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_NE(parts[0].id, parts[1].id);
  EXPECT_NE(parts[0].id, parent.id);
  EXPECT_EQ(parts[0].computeUnits * 2, parent.computeUnits);
  const DeviceSet set(parts);
  EXPECT_EQ(set.size(), 2u);
  EXPECT_THROW(selectDevices(std::to_string(parent.index) + "/1000", listDevices()), std::invalid_argument);
}

TEST(DeviceList, RepeatsADeviceOnlyWhereTheTestSettingAllows) {
  Settings repeats;
  ASSERT_EQ("", repeats.set("FFTSCOPE_DEVICE_REPEATS", "1"));
  ScopedSettings installed(repeats);
  EXPECT_EQ(selectDevices("0,0", machine()).size(), 2u);
}

}  // namespace
}  // namespace fftscope::cl
