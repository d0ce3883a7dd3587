// Compiled programs kept on disk: the file's form (a key that must match, a file cut short or
// changed is no file), the folder's size bound, and on the device a second context that builds
// nothing from source, a corrupt file built again and replaced, distinct entries for distinct
// options and sources, and a folder that cannot be written costing one warning and nothing else;
// the program key a pass names, shared by passes that build the same program; programs built
// ahead on another thread being those a real plan builds.
#include "engine/cl/DeviceContext.h"
#include "engine/cl/KernelSources.h"
#include "engine/cl/ProgramBuild.h"
#include "engine/cl/ProgramCache.h"
#include "engine/planning/PassPlan.h"
#include "engine/runtime/PassKernels.h"
#include "engine/runtime/RealPlan.h"
#include "engine/planning/DeviceLimitsOf.h"
#include "settings/ProcessSettings.h"

#include "../io/ScratchFolder.h"

#include <gtest/gtest.h>

#include <fstream>
#include <future>

namespace fftscope {
namespace {

namespace fs = std::filesystem;
using cl::ProgramFileKey;

ProgramFileKey keyOf(std::string options = "-DX=1", std::string source = "kernel void k() {}") {
  return {"device", "vendor", "driver 1.0", {"family", std::move(options)}, std::move(source)};
}

std::vector<std::uint8_t> someBinary(std::size_t n, std::uint8_t seed = 1) {
  std::vector<std::uint8_t> b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = std::uint8_t(seed + i * 7);
  return b;
}

std::vector<std::uint8_t> bytesOf(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeBytes(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(bytes.data()),
                                                                 std::streamsize(bytes.size()));
}

TEST(ProgramFile, RoundTripsAndRefusesAnyOtherKeyOrDamage) {
  const auto binary = someBinary(1000);
  const auto file = cl::encodeProgramFile(keyOf(), binary);
  ASSERT_EQ(cl::decodeProgramFile(file, keyOf()), binary);
  for (const ProgramFileKey& other : {keyOf("-DX=2"), keyOf("-DX=1", "kernel void k2() {}"),
                                      ProgramFileKey{"device", "vendor", "driver 1.1", {"family", "-DX=1"}, "kernel void k() {}"}})
    EXPECT_FALSE(cl::decodeProgramFile(file, other)) << other.text();
  for (std::size_t cut : {std::size_t{0}, std::size_t{10}, file.size() / 2, file.size() - 1})
    EXPECT_FALSE(cl::decodeProgramFile(std::span(file).first(cut), keyOf())) << "cut to " << cut;
  for (std::size_t at : {std::size_t{3}, std::size_t{25}, file.size() / 2, file.size() - 5}) {
    auto damaged = file;
    damaged[at] ^= 0x10;
    EXPECT_FALSE(cl::decodeProgramFile(damaged, keyOf())) << "byte " << at << " changed";
  }
  auto longer = file;
  longer.push_back('\n');
  EXPECT_FALSE(cl::decodeProgramFile(longer, keyOf()));
}

TEST(ProgramFile, DistinctOptionsAndSourcesHaveDistinctNames) {
  EXPECT_NE(keyOf("-DX=1").fileName(), keyOf("-DX=2").fileName());
  EXPECT_NE(keyOf("-DX=1", "a").fileName(), keyOf("-DX=1", "b").fileName());
  // Fields are not confused by where one ends and the next begins.
  EXPECT_NE((ProgramFileKey{"ab", "c", "", {}, ""}.fileName()), (ProgramFileKey{"a", "bc", "", {}, ""}.fileName()));
  EXPECT_EQ(keyOf().fileName(), keyOf().fileName());
}

TEST(ProgramKey, APassNamesItsProgramAndEqualKeysShareOne) {
  const PlanDescription d = PlanDescription::oneD(4096, 8);
  const PassInfo pass = planPasses(d, DeviceLimits{}).front();
  const cl::ProgramKey key = programKey(pass, d.precision, d.direction);
  EXPECT_EQ(key.family, passFamily(pass));
  EXPECT_EQ(key.options, passBuildOptions(pass, d.precision, d.direction));
  EXPECT_EQ(key.text(), key.family + ": " + key.options);
  // The batch is no part of the program; precision and direction are.
  PassInfo moreRows = pass;
  moreRows.rows *= 2;
  moreRows.global[1] *= 2;
  EXPECT_EQ(programKey(moreRows, d.precision, d.direction), key);
  EXPECT_EQ(cl::ProgramKeyHash{}(programKey(moreRows, d.precision, d.direction)), cl::ProgramKeyHash{}(key));
  EXPECT_NE(programKey(pass, Precision::F64, d.direction), key);
  EXPECT_NE(programKey(pass, d.precision, Direction::Inverse), key);
}

TEST(ProgramCache, EvictsTheLeastRecentlyUsedBeyondItsSize) {
  io::test::ScratchFolder scratch;
  const cl::ProgramCache cache(scratch.path(), 1 << 20);
  const auto now = fs::file_time_type::clock::now();
  std::vector<ProgramFileKey> keys;
  for (int i = 0; i < 3; ++i) {
    keys.push_back(keyOf("-DX=" + std::to_string(i)));
    cache.store(keys.back(), someBinary(400 << 10, std::uint8_t(i)));
    fs::last_write_time(cache.pathOf(keys.back()), now - std::chrono::hours(10 - i));
  }
  // Three of 400 KiB passed 1 MiB when the third was stored: the oldest went.
  EXPECT_FALSE(fs::exists(cache.pathOf(keys[0])));
  EXPECT_TRUE(fs::exists(cache.pathOf(keys[1])));
  ASSERT_TRUE(cache.load(keys[1]));  // used: now the newest
  keys.push_back(keyOf("-DX=3"));
  cache.store(keys.back(), someBinary(400 << 10, 3));
  EXPECT_TRUE(fs::exists(cache.pathOf(keys[1])));
  EXPECT_FALSE(fs::exists(cache.pathOf(keys[2])));
  EXPECT_TRUE(fs::exists(cache.pathOf(keys[3])));
}

// A device context under a program cache in its own folder.
class ProgramCacheOnDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    try {
      device_ = cl::chooseDevice();
    } catch (const std::exception& e) {
      GTEST_SKIP() << "no OpenCL device: " << e.what();
    }
  }
  Settings settingsFor(const fs::path& folder) const {
    Settings s;
    s.set("FFTSCOPE_PROGRAM_CACHE", folder.string());
    s.set("FFTSCOPE_KEEP_PROGRAMS", "all");  // PoCL's CPU device, which 1 leaves to PoCL's own cache
    return s;
  }
  // Builds the spectrum kernels in a new context; how many programs came from source and binaries.
  std::pair<std::uint64_t, std::uint64_t> build(const std::string& options = "") const {
    const cl::ProgramBuildCounts before = cl::programBuildCounts();
    cl::DeviceContext context(device_);
    context.kernel("spectrum", options, "magnitudes");
    const cl::ProgramBuildCounts after = cl::programBuildCounts();
    return {after.fromSource - before.fromSource, after.fromBinary - before.fromBinary};
  }
  ProgramFileKey keyFor(const std::string& options = "") const {
    return {device_.name, device_.vendor, device_.driverVersion, {"spectrum", options}, kernelProgram("spectrum")};
  }
  cl::DeviceInfo device_;
  io::test::ScratchFolder scratch_;
};

TEST_F(ProgramCacheOnDevice, ASecondContextBuildsNothingFromSource) {
  ScopedSettings scoped(settingsFor(scratch_.path()));
  EXPECT_EQ(build(), std::make_pair(std::uint64_t{1}, std::uint64_t{0}));
  EXPECT_TRUE(fs::exists(scratch_.path() / keyFor().fileName()));
  EXPECT_EQ(build(), std::make_pair(std::uint64_t{0}, std::uint64_t{1}));
}

TEST_F(ProgramCacheOnDevice, ACorruptOrTruncatedFileIsBuiltAgainAndReplaced) {
  ScopedSettings scoped(settingsFor(scratch_.path()));
  build();
  const fs::path file = scratch_.path() / keyFor().fileName();
  const auto whole = bytesOf(file);
  auto corrupt = whole;
  corrupt[corrupt.size() / 2] ^= 0xff;
  for (const auto& bad : {corrupt, std::vector<std::uint8_t>(whole.begin(), whole.begin() + whole.size() / 3)}) {
    writeBytes(file, bad);
    EXPECT_EQ(build(), std::make_pair(std::uint64_t{1}, std::uint64_t{0}));
    EXPECT_EQ(bytesOf(file), whole);
    EXPECT_EQ(build(), std::make_pair(std::uint64_t{0}, std::uint64_t{1}));
  }
}

TEST_F(ProgramCacheOnDevice, DifferentOptionsAreDifferentEntries) {
  ScopedSettings scoped(settingsFor(scratch_.path()));
  build("");
  EXPECT_EQ(build("-DFFTSCOPE_UNUSED=1"), std::make_pair(std::uint64_t{1}, std::uint64_t{0}));
  EXPECT_EQ(scratch_.entries().size(), 2u);
  EXPECT_EQ(build(""), std::make_pair(std::uint64_t{0}, std::uint64_t{1}));
}

TEST_F(ProgramCacheOnDevice, AFolderThatCannotBeWrittenWarnsOnceAndStillBuilds) {
  // Under a regular file: no folder can be made there, even by root.
  io::test::put(scratch_.path() / "file", "x");
  ScopedSettings scoped(settingsFor(scratch_.path() / "file" / "programs"));
  const std::size_t warnings = cl::ProgramCache::warningCount();
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(build(), std::make_pair(std::uint64_t{1}, std::uint64_t{0}));
  EXPECT_EQ(build(), std::make_pair(std::uint64_t{1}, std::uint64_t{0}));
  const std::string said = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(cl::ProgramCache::warningCount(), warnings + 1);
  EXPECT_NE(said.find("warning: compiled OpenCL programs are not kept"), std::string::npos) << said;
}

TEST_F(ProgramCacheOnDevice, TurnedOffKeepsNothing) {
  Settings s = settingsFor(scratch_.path());
  s.set("FFTSCOPE_KEEP_PROGRAMS", "0");
  ScopedSettings scoped(std::move(s));
  EXPECT_EQ(build(), std::make_pair(std::uint64_t{1}, std::uint64_t{0}));
  EXPECT_EQ(build(), std::make_pair(std::uint64_t{1}, std::uint64_t{0}));
  EXPECT_TRUE(scratch_.entries().empty());
}

// DeviceSpectralFilter builds its inverse plan's programs while the planes go up: the keys must be
// the plan's own, or the plan builds again what was built ahead.
TEST_F(ProgramCacheOnDevice, ProgramsBuiltAheadAreThoseARealPlanBuilds) {
  Settings s = settingsFor(scratch_.path());
  s.set("FFTSCOPE_KEEP_PROGRAMS", "0");
  ScopedSettings scoped(std::move(s));
  PlanDescription image = PlanDescription::twoD(48, 80), odd = PlanDescription::oneD(45, 3);
  // Transposes between the passes, whose programs are keyed forward inside an inverse plan.
  PlanDescription transposed = PlanDescription::twoD(128, 32);
  transposed.variant = Variant::R4;
  transposed.transpose = TransposeMode::Padded;
  std::vector<PlanDescription> cases = {image, odd, transposed};
  if (device_.fp64) {
    cases.push_back(transposed);
    cases.back().precision = Precision::F64;
  }
  for (const DeviceLimits& limits : {limitsOf(device_), DeviceLimits{}})
    for (PlanDescription d : cases) {
      d.direction = Direction::Inverse;
      const std::vector<cl::ProgramKey> keys = RealPlan::programs(d, limits);
      ASSERT_FALSE(keys.empty());
      {
        // Exactly the plan's programs: a plan alone on a new context builds as many.
        cl::DeviceContext alone(device_);
        RealPlan plan(alone, d, limits);
        EXPECT_EQ(alone.programsBuilt(), keys.size()) << d.summary();
      }
      cl::DeviceContext context(device_);
      std::future<void> ahead = context.buildAhead(keys);
      ahead.get();
      EXPECT_EQ(context.programsBuilt(), keys.size()) << d.summary();
      const cl::ProgramBuildCounts before = cl::programBuildCounts();
      RealPlan plan(context, d, limits);
      EXPECT_EQ(cl::programBuildCounts().fromSource, before.fromSource) << d.summary() << " built a program again";
      EXPECT_EQ(context.programsBuilt(), keys.size()) << d.summary();
    }
}

TEST_F(ProgramCacheOnDevice, APlanBuiltWhileItsProgramsAreBuiltAheadKeepsOneOfEach) {
  Settings s = settingsFor(scratch_.path());
  s.set("FFTSCOPE_KEEP_PROGRAMS", "0");
  ScopedSettings scoped(std::move(s));
  PlanDescription d = PlanDescription::twoD(64, 96);
  cl::DeviceContext context(device_);
  const std::vector<cl::ProgramKey> keys = RealPlan::programs(d, limitsOf(device_));
  std::future<void> ahead = context.buildAhead(keys);
  RealPlan plan(context, d);  // races the thread for the same programs
  ahead.get();
  EXPECT_EQ(context.programsBuilt(), keys.size());
}

}  // namespace
}  // namespace fftscope
