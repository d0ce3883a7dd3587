// The OpenCL engine's spectrogram against FFTW's, on whatever device there is (PoCL here).
#include "engine/cl/Devices.h"
#include "signal/FftwBatchBackend.h"
#include "signal/Generators.h"
#include "signal/OpenClBatchBackend.h"
#include "signal/Spectrogram.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

namespace fftscope::signal {
namespace {

std::unique_ptr<OpenClBatchBackend> makeBackend() {
  try {
    return std::make_unique<OpenClBatchBackend>(cl::chooseDevice());
  } catch (const cl::NoPlatformError&) {
    return nullptr;
  }
}

class OpenClSpectrogram : public ::testing::TestWithParam<std::size_t> {};

TEST_P(OpenClSpectrogram, EqualsFftwWithinSinglePrecision) {
  auto opencl = makeBackend();
  if (!opencl) GTEST_SKIP() << "no OpenCL platform";
  FftwBatchBackend fftw;
  const double rate = 48000.0;
  Signal x = chirp({rate, 1.0}, 100.0, 20000.0, ChirpSweep::Logarithmic, 0.5);
  const Signal noise = whiteNoise({rate, 1.0}, 0.05, 9);
  for (std::size_t i = 0; i < x.frames(); ++i) x.channels[0][i] += noise.channels[0][i];
  SpectrogramSettings settings;
  settings.fftSize = GetParam();
  settings.hop = settings.fftSize / 4;
  settings.chunkFrames = 50;  // several device calls
  const Spectrogram ours = computeSpectrogram(x.channels.front(), rate, settings, *opencl);
  const Spectrogram reference = computeSpectrogram(x.channels.front(), rate, settings, fftw);
  ASSERT_EQ(ours.db.size(), reference.db.size());
  // Compared as amplitudes: relative L2 over the whole matrix, gated like the engine's f32 transforms
  // with room for FFTW's own float error.
  double num = 0.0, den = 0.0;
  for (std::size_t i = 0; i < ours.db.size(); ++i) {
    const double a = std::pow(10.0, ours.db[i] / 20.0), b = std::pow(10.0, reference.db[i] / 20.0);
    num += (a - b) * (a - b);
    den += b * b;
  }
  const double gate = 4.0 * std::ldexp(1.0, -24) * std::sqrt(std::log2(double(settings.fftSize)) + 1.0);
  EXPECT_LT(std::sqrt(num / den), gate) << opencl->name();
  EXPECT_FALSE(opencl->takeTimings().empty());
}

INSTANTIATE_TEST_SUITE_P(Sizes, OpenClSpectrogram, ::testing::Values(256, 1024, 4096));

TEST(OpenClSpectrogramSizes, RefusesNonPowerOfTwoBeforeWork) {
  auto opencl = makeBackend();
  if (!opencl) GTEST_SKIP() << "no OpenCL platform";
  SpectrogramSettings settings;
  settings.fftSize = 1000;
  const std::vector<float> x(5000, 0.0f);
  EXPECT_THROW(computeSpectrogram(x, 48000.0, settings, *opencl), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::signal
