// One huge transform split over G devices (sub-devices of PoCL's CPU device here) against FFTW in
// long double, within the accuracy gates: the thesis's split and the four-step split, G = 2 and 3,
// f32 and f64, forward and inverse, input on the host and on one device, and the four-step split
// in pieces under a lowered buffer cap.
#include "SubDeviceContexts.h"

#include "engine/multi/FourStepSplit.h"
#include "engine/multi/ThesisSplit.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "settings/ProcessSettings.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>
#include <type_traits>

namespace fftscope {
namespace {

using testing::devicesFor;
using testing::randomInput;

using testing::subDeviceContexts;

enum class Split { Thesis, FourStep };
struct SplitCase {
  Split split;
  int devices;
  std::size_t n;
  Precision precision;
  Direction direction;
  bool onDevice;
};

std::string nameOf(const SplitCase& c) {
  return std::string(c.split == Split::Thesis ? "thesis" : "fourstep") + "_g" + std::to_string(c.devices) + "_" +
         std::to_string(c.n) + "_" + std::string(toString(c.precision)) + "_" + std::string(toString(c.direction)) +
         (c.onDevice ? "_device" : "_host");
}

// gtest names a failing case by its name, not its bytes.
void PrintTo(const SplitCase& c, std::ostream* out) { *out << nameOf(c); }

// Runs the split and returns its output, from the host or through a buffer on the last device.
template <typename T, typename SplitT>
std::vector<std::complex<T>> runSplit(SplitT& split, std::span<cl::DeviceContext* const> devices,
                                      const std::vector<std::complex<T>>& input, bool onDevice) {
  std::vector<std::complex<T>> output(input.size());
  if (!onDevice) {
    split.run(input, output);
    return output;
  }
  const std::size_t holder = devices.size() - 1;
  cl::DeviceContext& home = *devices[holder];
  const std::size_t bytes = input.size() * sizeof(std::complex<T>);
  cl::Buffer in = home.buffer(bytes), out = home.buffer(bytes);
  home.write(in.get(), input.data(), bytes);
  split.runOnDevice(holder, in.get(), out.get());
  home.read(out.get(), output.data(), bytes);
  std::vector<std::complex<T>> after(input.size());
  home.read(in.get(), after.data(), bytes);
  EXPECT_EQ(0, std::memcmp(after.data(), input.data(), bytes)) << "the input on the device changed";
  return output;
}

template <typename T>
void expectSplitMatchesFftw(const SplitCase& c) {
  std::vector<cl::DeviceContext*> devices = devicesFor(c.devices);
  const auto input = randomInput<T>(c.n, c.n + c.devices);
  std::vector<std::complex<T>> output;
  if (c.split == Split::Thesis) {
    multi::ThesisSplit<T> split(devices, c.n, c.direction);
    output = runSplit<T>(split, devices, input, c.onDevice);
  } else {
    multi::FourStepSplit<T> split(devices, c.n, c.direction);
    output = runSplit<T>(split, devices, input, c.onDevice);
  }
  const auto expected = referenceTransform(input, 1, c.n, 1, false, c.direction);
  const ErrorMeasures e = measureError(std::span<const std::complex<T>>(output),
                                      std::span<const std::complex<long double>>(expected));
  EXPECT_LE(e.relL2, l2Gate(c.precision, c.n)) << nameOf(c);
  EXPECT_LE(e.relLinf, linfGate(c.precision, c.n)) << nameOf(c);
}

class HugeSplit : public ::testing::TestWithParam<SplitCase> {};

TEST_P(HugeSplit, MatchesFftwWithinTheGates) {
  const SplitCase& c = GetParam();
  try {
    devicesFor(c.devices);
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no OpenCL device: " << e.what();
  }
  if (c.precision == Precision::F32)
    expectSplitMatchesFftw<float>(c);
  else
    expectSplitMatchesFftw<double>(c);
}

std::vector<SplitCase> splitCases() {
  std::vector<SplitCase> cases;
  for (Split split : {Split::Thesis, Split::FourStep})
    for (int g : {2, 3})
      for (Precision p : {Precision::F32, Precision::F64})
        for (Direction d : {Direction::Forward, Direction::Inverse})
          for (bool onDevice : {false, true}) {
            // The thesis split needs G | N; the four-step split takes 4096 over 3 devices unevenly
            // (64 columns as 21, 21, 22) and 3 * 2^10 over 2.
            const std::size_t n = split == Split::Thesis ? (g == 3 ? 3 * 1024 : 4096) : (g == 3 ? 4096 : 3 * 1024);
            cases.push_back({split, g, n, p, d, onDevice});
          }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Splits, HugeSplit, ::testing::ValuesIn(splitCases()),
                         [](const ::testing::TestParamInfo<SplitCase>& info) { return nameOf(info.param); });

// The host's butterfly step and merge, timed without a device: a rate, and one that does not
// depend on whether a device exists.
TEST(HugeSplitStaging, TheHostsStepIsMeasuredWithoutADevice) {
  for (std::size_t g : {std::size_t{2}, std::size_t{3}}) {
    const double f32 = multi::ThesisSplit<float>::stagingRate(g, std::size_t{1} << 16, Direction::Forward);
    const double f64 = multi::ThesisSplit<double>::stagingRate(g, 3 << 14, Direction::Inverse);
    for (double rate : {f32, f64}) {
      EXPECT_GT(rate, 1e6) << g;
      EXPECT_LT(rate, 1e13) << g;
    }
  }
  EXPECT_THROW(multi::ThesisSplit<float>::stagingRate(4, 3, Direction::Forward), std::invalid_argument);
}

TEST(HugeSplitRefusal, ThesisSplitNeedsALengthGDivides) {
  std::vector<cl::DeviceContext*> devices;
  try {
    devices = devicesFor(3);
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no OpenCL device: " << e.what();
  }
  try {
    multi::ThesisSplit<float> split(devices, 4096, Direction::Forward);
    FAIL() << "4096 points over 3 devices were taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("four-step"), std::string::npos) << e.what();
  }
}

// Shares of more than one a device: the step is radix 2G or 3G and each device takes its shares in
// turn, from the host and from a buffer on the last device.
TEST(HugeSplitShares, SeveralSharesADeviceMatchFftw) {
  for (int g : {2, 3}) {
    std::vector<cl::DeviceContext*> devices;
    try {
      devices = devicesFor(g);
    } catch (const std::exception& e) {
      GTEST_SKIP() << "no OpenCL device: " << e.what();
    }
    const std::size_t n = std::size_t(g) * 2 * 1024;
    for (bool onDevice : {false, true}) {
      multi::ThesisSplit<double> split(devices, n, Direction::Inverse, 2);
      EXPECT_EQ(split.shares(), std::size_t(2 * g));
      const auto input = randomInput<double>(n, 5);
      const auto output = runSplit<double>(split, devices, input, onDevice);
      const auto expected = referenceTransform(input, 1, n, 1, false, Direction::Inverse);
      const ErrorMeasures e = measureError(std::span<const std::complex<double>>(output),
                                          std::span<const std::complex<long double>>(expected));
      EXPECT_LE(e.relL2, l2Gate(Precision::F64, n)) << g << " devices, on device " << onDevice;
    }
  }
}

// From a buffer on the last device with chunks of 4 KiB: each other share (16 or 8 KiB) is
// relayed in several chunks through a ring of three, and back.
TEST(HugeSplitRelay, SharesRelayedInManyChunksMatchFftw) {
  Settings small;
  ASSERT_EQ("", small.set("FFTSCOPE_STAGING_CHUNK", "4096"));
  ScopedSettings installed(small);
  for (int g : {2, 3}) {
    std::vector<cl::DeviceContext*> devices;
    try {
      devices = devicesFor(g);
    } catch (const std::exception& e) {
      GTEST_SKIP() << "no OpenCL device: " << e.what();
    }
    const std::size_t n = g == 3 ? 3 * 1024 : 4096;
    multi::ThesisSplit<float> split(devices, n, Direction::Forward);
    ASSERT_EQ(split.shares(), std::size_t(g));
    for (int run = 0; run < 2; ++run) {  // the second run reuses the relay's ring, with other data
      const auto input = randomInput<float>(n, 9 + run);
      const auto expected = referenceTransform(input, 1, n, 1, false, Direction::Forward);
      const auto output = runSplit<float>(split, devices, input, true);
      EXPECT_LE(measureError(std::span<const std::complex<float>>(output), std::span<const std::complex<long double>>(expected)).relL2,
                l2Gate(Precision::F32, n))
          << g << " devices, run " << run;
    }
  }
}

// Under a cap of 1 MiB a buffer holds 2^17 f32 points: 2^20 points go in pieces, 4 a stage a device,
// or as 8 shares of the thesis split.
template <typename T>
void expectPiecesUnderCap(std::size_t n, Direction direction, std::size_t leastPieces) {
  Settings capped;
  ASSERT_EQ("", capped.set("FFTSCOPE_MAX_ALLOC", "1048576"));
  ScopedSettings installed(capped);
  std::vector<std::unique_ptr<cl::DeviceContext>> contexts;
  try {
    contexts = subDeviceContexts(2);
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no OpenCL device: " << e.what();
  }
  std::vector<cl::DeviceContext*> devices{contexts[0].get(), contexts[1].get()};
  ASSERT_EQ(devices[0]->device().maxAllocBytes, 1048576u);
  // The thesis split takes shares that fit: 8 of 2^17 points (f32), 4 of 2^16 (f64), over 2 devices.
  multi::ThesisSplit<T> thesis(devices, n, direction);
  EXPECT_LE(n / thesis.shares() * sizeof(std::complex<T>), std::size_t{1} << 20);
  EXPECT_GT(thesis.shares(), devices.size());

  multi::FourStepSplit<T> split(devices, n, direction);
  EXPECT_GE(split.pieces(), leastPieces);
  const auto input = randomInput<T>(n, 7);
  std::vector<std::complex<T>> output(n);
  split.run(input, output);
  std::vector<std::complex<T>> byThesis(n);
  thesis.run(input, byThesis);
  const auto expected = referenceTransform(input, 1, n, 1, false, direction);
  EXPECT_LE(measureError(std::span<const std::complex<T>>(byThesis), std::span<const std::complex<long double>>(expected)).relL2,
            l2Gate(std::is_same_v<T, float> ? Precision::F32 : Precision::F64, n));
  const ErrorMeasures e = measureError(std::span<const std::complex<T>>(output),
                                      std::span<const std::complex<long double>>(expected));
  const Precision p = std::is_same_v<T, float> ? Precision::F32 : Precision::F64;
  EXPECT_LE(e.relL2, l2Gate(p, n));
}

TEST(HugeSplitCapped, LargerThanABufferF32) { expectPiecesUnderCap<float>(std::size_t{1} << 20, Direction::Forward, 16); }
TEST(HugeSplitCapped, LargerThanABufferF64Inverse) {
  expectPiecesUnderCap<double>(std::size_t{1} << 18, Direction::Inverse, 8);
}

}  // namespace
}  // namespace fftscope
