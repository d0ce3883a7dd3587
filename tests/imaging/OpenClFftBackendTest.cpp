// The OpenCL backend of the imaging pipeline against the FFTW backend, the reference.
#include "engine/cl/Devices.h"
#include "imaging/FftwBackend.h"
#include "imaging/OpenClFftBackend.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

namespace fftscope::imaging {
namespace {

std::unique_ptr<OpenClFftBackend> makeBackend() {
  try {
    return std::make_unique<OpenClFftBackend>(cl::chooseDevice());
  } catch (const cl::NoPlatformError&) {
    return nullptr;
  }
}

std::vector<std::complex<float>> randomPlane(int rows, int cols, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-0.5f, 0.5f);
  std::vector<std::complex<float>> v(std::size_t(rows) * std::size_t(cols));
  for (auto& z : v) z = {u(rng), u(rng)};
  return v;
}

double relativeL2(const std::vector<std::complex<float>>& a, const std::vector<std::complex<float>>& ref) {
  double num = 0, den = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    num += std::norm(std::complex<double>(a[i]) - std::complex<double>(ref[i]));
    den += std::norm(std::complex<double>(ref[i]));
  }
  return std::sqrt(num / den);
}

struct Shape {
  int rows;
  int cols;
};

class OpenClBackendShapes : public ::testing::TestWithParam<Shape> {};

TEST_P(OpenClBackendShapes, ForwardAndInverseMatchFftw) {
  auto backend = makeBackend();
  if (!backend) GTEST_SKIP() << "no OpenCL platform";
  FftwBackend fftw;
  const auto [rows, cols] = GetParam();
  const auto input = randomPlane(rows, cols, unsigned(rows * 131 + cols));
  // f32 gate of the engine (1.5 u sqrt(log2 N)) with room for FFTW's own float error.
  const double gate = 4.0 * std::ldexp(1.0, -24) * std::sqrt(std::log2(double(rows) * cols) + 1.0);

  auto ours = input;
  auto theirs = input;
  backend->forward(ours.data(), rows, cols);
  fftw.forward(theirs.data(), rows, cols);
  EXPECT_LE(relativeL2(ours, theirs), gate);

  ours = input;
  theirs = input;
  backend->inverse(ours.data(), rows, cols);
  fftw.inverse(theirs.data(), rows, cols);
  EXPECT_LE(relativeL2(ours, theirs), gate) << "the inverse is unscaled, like FFTW's";

  auto timings = backend->takeTimings();
  EXPECT_FALSE(timings.empty());
  for (const auto& record : timings) EXPECT_GT(record.nanoseconds, 0u) << record.pass.label();
  EXPECT_TRUE(backend->takeTimings().empty());
}

// A plan stored by `fftscope-cli --plan measure` for this device and size is the one that runs;
// a size without one keeps auto's own plan.
TEST(OpenClBackendWisdom, TakesTheStoredPlanForItsDeviceAndSize) {
  auto backend = makeBackend();
  if (!backend) GTEST_SKIP() << "no OpenCL platform";
  const int rows = 16, cols = 32;
  PlanDescription d = PlanDescription::twoD(rows, cols);
  Wisdom wisdom = Wisdom::load("/nonexistent/fftscope/wisdom.json");
  WisdomEntry entry;
  entry.key = WisdomKey::of(d, backend->device().name, backend->device().driverVersion);
  entry.candidate = "r4/padded";
  entry.milliseconds = 0.1;
  entry.measured = "2024-01-01T00:00:00Z";
  wisdom.remember(entry);
  PlanPolicy policy({}, backend->device());
  policy.useWisdom(wisdom);
  backend->usePlanPolicy(std::move(policy));

  FftwBackend fftw;
  const auto input = randomPlane(rows, cols, 7);
  auto ours = input, theirs = input;
  backend->forward(ours.data(), rows, cols);
  fftw.forward(theirs.data(), rows, cols);
  EXPECT_LE(relativeL2(ours, theirs), 1e-6);
  bool radix4 = false, padded = false, local = false;
  for (const auto& record : backend->takeTimings()) {
    radix4 = radix4 || record.pass.label().rfind("stockham r4 ", 0) == 0;
    padded = padded || record.pass.label().rfind("transpose padded", 0) == 0;
  }
  EXPECT_TRUE(radix4 && padded) << "the stored r4/padded plan ran";

  backend->inverse(ours.data(), rows, cols);  // no entry for the inverse: auto's own plan
  for (const auto& record : backend->takeTimings()) local = local || record.pass.kind == PassKind::Local ||
                                                           record.pass.kind == PassKind::Grouped;
  EXPECT_TRUE(local);
}

INSTANTIATE_TEST_SUITE_P(Sizes, OpenClBackendShapes,
                         ::testing::Values(Shape{8, 8}, Shape{64, 128}, Shape{256, 32}, Shape{512, 512}),
                         [](const auto& info) {
                           return std::to_string(info.param.rows) + "x" + std::to_string(info.param.cols);
                         });

TEST(OpenClBackend, PlansAreBakedOncePerSizeAndDirection) {
  auto backend = makeBackend();
  if (!backend) GTEST_SKIP() << "no OpenCL platform";
  auto data = randomPlane(32, 64, 7);
  for (int i = 0; i < 3; ++i) {
    backend->forward(data.data(), 32, 64);
    backend->inverse(data.data(), 32, 64);
  }
  EXPECT_EQ(backend->plansBaked(), 2u);
  backend->forward(data.data(), 32, 64);
  auto small = randomPlane(16, 16, 8);
  backend->forward(small.data(), 16, 16);  // a smaller plane reuses the larger buffers
  EXPECT_EQ(backend->plansBaked(), 3u);
}

TEST(OpenClBackend, RefusesTransformsThatDoNotFit) {
  auto backend = makeBackend();
  if (!backend) GTEST_SKIP() << "no OpenCL platform";
  EXPECT_THROW(backend->prepare(1 << 16, 1 << 16), std::invalid_argument);
  EXPECT_THROW(backend->prepare(0, 8), std::invalid_argument);
  EXPECT_EQ(backend->plansBaked(), 0u);
}

}  // namespace
}  // namespace fftscope::imaging
