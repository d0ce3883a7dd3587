// A batch split over G devices (sub-devices of PoCL's CPU device here) against FFTW in long
// double, within the accuracy gates: G = 2 and 3, 1D and 2D, f32 and f64, batches G does not
// divide, unequal weights, input on the host, each share already on its device and the whole on
// one device; the host's pipeline in many rounds; and a device that fails mid-run.
#include "SubDeviceContexts.h"

#include "engine/cl/PinnedHostBuffer.h"
#include "engine/multi/BatchSplit.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "settings/ProcessSettings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <type_traits>

namespace fftscope {
namespace {

using testing::devicesFor;
using testing::randomInput;

struct BatchCase {
  int devices;
  bool twoD;
  std::size_t batch;
  Precision precision;
  bool onDevices;
};

std::string nameOf(const BatchCase& c) {
  return "g" + std::to_string(c.devices) + (c.twoD ? "_2d_" : "_1d_") + std::to_string(c.batch) + "_" +
         std::string(toString(c.precision)) + (c.onDevices ? "_devices" : "_host");
}
void PrintTo(const BatchCase& c, std::ostream* out) { *out << nameOf(c); }

template <typename T>
std::vector<std::complex<T>> runOnDevices(multi::BatchSplit<T>& split, std::span<cl::DeviceContext* const> devices,
                                          const std::vector<std::complex<T>>& input) {
  std::vector<cl::Buffer> ins, outs;
  std::vector<cl_mem> in, out;
  const std::size_t item = split.itemElements() * sizeof(std::complex<T>);
  for (std::size_t g = 0; g < devices.size(); ++g) {
    const std::size_t bytes = std::max<std::size_t>(1, split.shares()[g]) * item;
    ins.push_back(devices[g]->buffer(bytes));
    outs.push_back(devices[g]->buffer(bytes));
    in.push_back(ins.back().get());
    out.push_back(outs.back().get());
    if (split.shares()[g] > 0)
      devices[g]->write(in.back(), input.data() + split.firstItem(g) * split.itemElements(), split.shares()[g] * item);
  }
  split.runOnDevices(in, out);
  std::vector<std::complex<T>> output(input.size());
  for (std::size_t g = 0; g < devices.size(); ++g)
    if (split.shares()[g] > 0)
      devices[g]->read(out[g], output.data() + split.firstItem(g) * split.itemElements(), split.shares()[g] * item);
  return output;
}

template <typename T>
void expectBatchMatchesFftw(const BatchCase& c) {
  std::vector<cl::DeviceContext*> devices = devicesFor(c.devices);
  PlanDescription d = c.twoD ? PlanDescription::twoD(16, 32, c.batch) : PlanDescription::oneD(256, c.batch);
  d.precision = c.precision;
  // Unequal weights where G = 3, so that the shares are uneven as well as the remainder.
  const std::vector<double> weights = c.devices == 3 ? std::vector<double>{1.0, 2.0, 1.5} : std::vector<double>{};
  multi::BatchSplit<T> split(devices, d, weights);
  std::size_t total = 0;
  for (std::size_t s : split.shares()) total += s;
  ASSERT_EQ(total, c.batch);
  const auto input = randomInput<T>(d.elements(), c.batch + c.devices);
  std::vector<std::complex<T>> output(input.size());
  if (c.onDevices)
    output = runOnDevices<T>(split, devices, input);
  else
    split.run(input, output);
  const auto expected = referenceTransform(input, c.twoD ? d.rows : 1, d.cols, c.batch, c.twoD, Direction::Forward);
  const ErrorMeasures e = measureError(std::span<const std::complex<T>>(output),
                                      std::span<const std::complex<long double>>(expected));
  EXPECT_LE(e.relL2, l2Gate(c.precision, d.points())) << nameOf(c);
  EXPECT_LE(e.relLinf, linfGate(c.precision, d.points())) << nameOf(c);
}

class BatchSplitCases : public ::testing::TestWithParam<BatchCase> {};

TEST_P(BatchSplitCases, MatchesFftwWithinTheGates) {
  const BatchCase& c = GetParam();
  try {
    devicesFor(c.devices);
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no OpenCL device: " << e.what();
  }
  if (c.precision == Precision::F32)
    expectBatchMatchesFftw<float>(c);
  else
    expectBatchMatchesFftw<double>(c);
}

std::vector<BatchCase> batchCases() {
  std::vector<BatchCase> cases;
  for (int g : {2, 3})
    for (bool twoD : {false, true})
      for (Precision p : {Precision::F32, Precision::F64})
        for (bool onDevices : {false, true})
          // 7 and 11 items: neither G divides them; 2 items over 3 devices leaves one idle.
          for (std::size_t batch : {std::size_t(twoD ? 7 : 11), std::size_t(2)}) cases.push_back({g, twoD, batch, p, onDevices});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Batches, BatchSplitCases, ::testing::ValuesIn(batchCases()),
                         [](const ::testing::TestParamInfo<BatchCase>& info) { return nameOf(info.param); });

// The whole batch on the last device: the other shares are relayed to their devices and back.
TEST(BatchSplitOnOneDevice, MatchesFftwAndLeavesTheInput) {
  for (int g : {2, 3}) {
    std::vector<cl::DeviceContext*> devices;
    try {
      devices = devicesFor(g);
    } catch (const std::exception& e) {
      GTEST_SKIP() << "no OpenCL device: " << e.what();
    }
    for (bool twoD : {false, true}) {
      PlanDescription d = twoD ? PlanDescription::twoD(16, 8, 5) : PlanDescription::oneD(512, 7);
      d.precision = Precision::F64;
      multi::BatchSplit<double> split(devices, d);
      const auto input = randomInput<double>(d.elements(), 11);
      cl::DeviceContext& home = *devices.back();
      cl::Buffer in = home.buffer(d.bytes()), out = home.buffer(d.bytes());
      home.write(in.get(), input.data(), d.bytes());
      split.runOnDevice(devices.size() - 1, in.get(), out.get());
      std::vector<std::complex<double>> output(input.size()), after(input.size());
      home.read(out.get(), output.data(), d.bytes());
      home.read(in.get(), after.data(), d.bytes());
      EXPECT_EQ(after, input) << "the input on the device changed";
      const auto expected = referenceTransform(input, twoD ? d.rows : 1, d.cols, d.batch, twoD, Direction::Forward);
      EXPECT_LE(measureError(std::span<const std::complex<double>>(output), std::span<const std::complex<long double>>(expected)).relL2,
                l2Gate(Precision::F64, d.points()))
          << g << " devices, 2D " << twoD;
    }
  }
}

// Chunks of 4 KiB: from the host, 1D items of 2 KiB go two a round, 2D items of 8 KiB one a round
// in two chunks, so that each device's pipeline takes several rounds, the last one short where the
// share is odd, G = 1, 2 and 3; with the whole on one device, G = 2 and 3, the other shares are
// relayed in many chunks of 4 KiB.
TEST(BatchSplitRounds, ManyRoundsMatchFftw) {
  Settings small;
  ASSERT_EQ("", small.set("FFTSCOPE_STAGING_CHUNK", "4096"));
  ScopedSettings installed(small);
  for (int g : {1, 2, 3}) {
    std::vector<cl::DeviceContext*> devices;
    try {
      devices = devicesFor(std::max(g, 2));
    } catch (const std::exception& e) {
      GTEST_SKIP() << "no OpenCL device: " << e.what();
    }
    devices.resize(std::size_t(g));
    for (bool twoD : {false, true}) {
      PlanDescription d = twoD ? PlanDescription::twoD(32, 32, 11) : PlanDescription::oneD(256, 23);
      multi::BatchSplit<float> split(devices, d);
      for (std::size_t k = 0; k < devices.size(); ++k) {
        const std::size_t perRound = twoD ? 1 : 2;
        EXPECT_EQ(split.rounds(k), (split.shares()[k] + perRound - 1) / perRound) << g << " devices, device " << k;
        EXPECT_GE(split.rounds(k), 3u) << g << " devices, device " << k;
      }
      const auto input = randomInput<float>(d.elements(), 17 + g);
      const auto expected = referenceTransform(input, twoD ? d.rows : 1, d.cols, d.batch, twoD, Direction::Forward);
      auto check = [&](const std::vector<std::complex<float>>& output, const char* how) {
        const ErrorMeasures e = measureError(std::span<const std::complex<float>>(output),
                                            std::span<const std::complex<long double>>(expected));
        EXPECT_LE(e.relL2, l2Gate(Precision::F32, d.points())) << g << " devices, 2D " << twoD << ", " << how;
      };
      std::vector<std::complex<float>> output(input.size());
      for (int run = 0; run < 2; ++run) {  // the second run reuses the rings and buffers
        std::fill(output.begin(), output.end(), std::complex<float>(NAN, NAN));
        split.run(input, output);
        check(output, "from the host");
      }
      if (g < 2) continue;
      cl::DeviceContext& home = *devices.front();
      cl::Buffer in = home.buffer(d.bytes()), out = home.buffer(d.bytes());
      home.write(in.get(), input.data(), d.bytes());
      split.runOnDevice(0, in.get(), out.get());
      home.read(out.get(), output.data(), d.bytes());
      check(output, "from device 0");
    }
  }
}

// The batch in pinned memory of a context the devices share goes up and down with no copy on the
// host (no staging rate to report), in rounds of 4 KiB, and matches FFTW; the same batch from
// pageable memory is staged. G = 2 and 3, 1D and 2D, batches G does not divide.
TEST(BatchSplitPinned, NoHostCopiesAndMatchesFftw) {
  Settings small;
  ASSERT_EQ("", small.set("FFTSCOPE_STAGING_CHUNK", "4096"));
  ScopedSettings installed(small);
  for (int g : {2, 3}) {
    std::vector<std::unique_ptr<cl::DeviceContext>> owned;
    try {
      owned = testing::sharedContextDevices(g);
    } catch (const std::exception& e) {
      GTEST_SKIP() << "no OpenCL device: " << e.what();
    }
    std::vector<cl::DeviceContext*> devices;
    for (auto& context : owned) devices.push_back(context.get());
    for (bool twoD : {false, true}) {
      PlanDescription d = twoD ? PlanDescription::twoD(16, 32, 7) : PlanDescription::oneD(256, 23);
      multi::BatchSplit<float> split(devices, d);
      const auto input = randomInput<float>(d.elements(), 29 + g);
      const auto expected = referenceTransform(input, twoD ? d.rows : 1, d.cols, d.batch, twoD, Direction::Forward);
      cl::PinnedHostBuffer in(*devices.front(), d.bytes()), out(*devices.front(), d.bytes());
      std::span<std::complex<float>> from(static_cast<std::complex<float>*>(in.data()), input.size());
      std::span<std::complex<float>> to(static_cast<std::complex<float>*>(out.data()), input.size());
      std::copy(input.begin(), input.end(), from.begin());
      std::fill(to.begin(), to.end(), std::complex<float>(NAN, NAN));
      split.run(from, to);
      EXPECT_LE(measureError(std::span<const std::complex<float>>(to), std::span<const std::complex<long double>>(expected)).relL2,
                l2Gate(Precision::F32, d.points()))
          << g << " devices, 2D " << twoD;
      EXPECT_TRUE(std::equal(input.begin(), input.end(), from.begin())) << "the pinned input changed";
      for (double rate : split.stagingBytesPerSecond()) EXPECT_EQ(rate, 0.0) << "a pinned share was staged";
      // The same pinned memory as input and output: each round is read before its results land.
      split.run(from, from);
      EXPECT_TRUE(std::equal(to.begin(), to.end(), from.begin())) << "in place, " << g << " devices, 2D " << twoD;
      std::vector<std::complex<float>> pageable(input.size());
      split.run(input, pageable);
      EXPECT_TRUE(std::equal(pageable.begin(), pageable.end(), to.begin())) << g << " devices, 2D " << twoD;
      for (double rate : split.stagingBytesPerSecond()) EXPECT_GT(rate, 0.0) << "pageable memory went unstaged";
    }
  }
}

TEST(PinnedHostBuffer, KnowsItsRangeAndContext) {
  std::vector<std::unique_ptr<cl::DeviceContext>> owned;
  try {
    owned = testing::sharedContextDevices(2);
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no OpenCL device: " << e.what();
  }
  cl::DeviceContext& home = *owned.front();
  const char* first = nullptr;
  {
    cl::PinnedHostBuffer pinned(home, 4096);
    first = static_cast<const char*>(pinned.data());
    EXPECT_TRUE(cl::isPinned(home.context(), first, 4096));
    EXPECT_TRUE(cl::isPinned(owned.back()->context(), first + 100, 3996));
    EXPECT_FALSE(cl::isPinned(home.context(), first + 100, 3997)) << "past the end";
    EXPECT_FALSE(cl::isPinned(home.context(), first - 1, 2)) << "before the start";
    cl::DeviceContext other(home.device());
    EXPECT_FALSE(cl::isPinned(other.context(), first, 16)) << "another context's";
    cl::PinnedHostBuffer moved = std::move(pinned);
    EXPECT_TRUE(cl::isPinned(home.context(), first, 4096)) << "moved";
  }
  EXPECT_FALSE(cl::isPinned(home.context(), first, 1)) << "released";
}

TEST(BatchShares, FollowTheWeightsAndCoverTheBatch) {
  const std::vector<double> equal{1, 1, 1};
  EXPECT_EQ(multi::batchShares(7, equal), (std::vector<std::size_t>{3, 2, 2}));
  const std::vector<double> unequal{1, 3};
  EXPECT_EQ(multi::batchShares(16, unequal), (std::vector<std::size_t>{4, 12}));
  EXPECT_EQ(multi::batchShares(1, unequal), (std::vector<std::size_t>{0, 1}));
  const std::vector<double> bad{1, 0};
  EXPECT_THROW(multi::batchShares(4, bad), std::invalid_argument);
}

TEST(BatchSplitFailure, NamesTheDeviceAndHandsBackNoOutput) {
  std::vector<cl::DeviceContext*> devices;
  try {
    devices = devicesFor(2);
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no OpenCL device: " << e.what();
  }
  PlanDescription d = PlanDescription::oneD(256, 6);
  multi::BatchSplit<float> split(devices, d);
  const auto input = randomInput<float>(d.elements(), 3);
  std::vector<std::complex<float>> output(input.size());
  split.failNextRun(1);
  try {
    split.run(input, output);
    FAIL() << "a failed device went unnoticed";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("device 1"), std::string::npos) << e.what();
  }
  for (const auto& x : output) ASSERT_TRUE(std::isnan(x.real())) << "a partial output was handed back";
  split.run(input, output);  // the next run goes through
  EXPECT_FALSE(std::isnan(output.back().real()));
}

}  // namespace
}  // namespace fftscope
