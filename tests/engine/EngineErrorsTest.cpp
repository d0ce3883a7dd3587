// Bad requests end in messages that name the problem, before anything is enqueued.
#include "DeviceFixture.h"
#include "engine/runtime/Plan.h"
#include "settings/ProcessSettings.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace fftscope {
namespace {

std::string messageOf(const std::function<void()>& action) {
  try {
    action();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(EngineErrors, BuffersLargerThanTheDeviceAllocatesAreRefusedNamingTheLimit) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  PlanDescription d = PlanDescription::oneD(std::size_t{1} << 28, 16);
  d.precision = Precision::F64;
  if (!context->device().fp64) d.precision = Precision::F32;
  std::string message = messageOf([&] { Plan plan(*context, d); });
  EXPECT_NE(message.find("allocates at most"), std::string::npos) << message;
}

TEST(EngineErrors, SizesBeyondTheLimitAreRefusedBeforeAnyBuild) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  std::size_t builtBefore = context->programsBuilt();
  std::string message = messageOf([&] { Plan plan(*context, PlanDescription::oneD((std::size_t{1} << 28) + 3)); });
  EXPECT_NE(message.find("268435459 exceeds 2^28 points"), std::string::npos) << message;
  EXPECT_EQ(context->programsBuilt(), builtBefore);
}

TEST(EngineErrors, BluesteinPaddingLargerThanTheDeviceHoldsIsRefusedBeforeAnyBuild) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  std::size_t builtBefore = context->programsBuilt();
  // A prime length pads to M >= 2n - 1 points a row: as many rows as one allocation holds of
  // the data itself cannot fit their padded rows.
  const std::size_t n = 67108859;  // the largest prime below 2^26
  PlanDescription d = PlanDescription::oneD(n, context->device().maxAllocBytes / (n * 8));
  if (d.batch == 0) GTEST_SKIP() << "the device cannot hold even one row of " << n << " points";
  std::string message = messageOf([&] { Plan plan(*context, d); });
  EXPECT_NE(message.find("needs a scratch buffer of"), std::string::npos) << message;
  EXPECT_NE(message.find("allocates at most"), std::string::npos) << message;
  EXPECT_EQ(context->programsBuilt(), builtBefore);
}

TEST(EngineErrors, ABrokenKernelFailsWithTheErrorNameAndTheBuildLog) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "fftscope_broken_kernels";
  fs::create_directories(dir);
  std::ofstream(dir / "common.cl") << "typedef float real_t; typedef float2 real2_t;\n";
  std::ofstream(dir / "stockham.cl") << "__kernel void stockham(__global float2* x) { x[0] = undefined_name; }\n";
  Settings broken;
  broken.set("FFTSCOPE_KERNEL_DIR", dir.string());
  PlanDescription d = PlanDescription::oneD(64);
  d.variant = Variant::R4;
  d.twiddle = TwiddleMode::Sincos;
  std::string message = messageOf([&] {
    ScopedSettings installed(broken);
    Plan plan(*context, d);
  });
  fs::remove_all(dir);
  EXPECT_NE(message.find("CL_BUILD_PROGRAM_FAILURE"), std::string::npos) << message;
  EXPECT_NE(message.find("build log"), std::string::npos) << message;
  EXPECT_NE(message.find("undefined_name"), std::string::npos) << message;
}

TEST(EngineErrors, ErrorNamesComeFromTheOpenClHeader) {
  EXPECT_STREQ(cl::errorName(CL_INVALID_WORK_GROUP_SIZE), "CL_INVALID_WORK_GROUP_SIZE");
  EXPECT_STREQ(cl::errorName(CL_OUT_OF_RESOURCES), "CL_OUT_OF_RESOURCES");
  cl::ClError e("clEnqueueNDRangeKernel(stockham)", CL_INVALID_WORK_GROUP_SIZE);
  EXPECT_STREQ(e.what(), "clEnqueueNDRangeKernel(stockham) failed: CL_INVALID_WORK_GROUP_SIZE (-54)");
}

TEST(EngineErrors, DeviceChoiceByUnknownNameListsTheDevices) {
  std::string message = messageOf([] { cl::chooseDevice("no-such-device-anywhere"); });
  if (message.find("no OpenCL platform") != std::string::npos) GTEST_SKIP() << message;
  EXPECT_NE(message.find("no OpenCL device matches 'no-such-device-anywhere'"), std::string::npos) << message;
  EXPECT_NE(message.find("0: "), std::string::npos) << message;
}

}  // namespace
}  // namespace fftscope
