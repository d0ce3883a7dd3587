// The OpenCL engine's spectrogram against FFTW's, on whatever device there is (PoCL here).
#include "engine/cl/DeviceContext.h"
#include "engine/cl/Devices.h"
#include "signal/FftwBatchBackend.h"
#include "signal/Generators.h"
#include "signal/OpenClBatchBackend.h"
#include "signal/Spectrogram.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
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
  const double error = std::sqrt(num / den);
  RecordProperty("relative_l2", std::to_string(error));
  std::printf("%zu points: relative L2 %.3g (gate %.3g) on %s\n", settings.fftSize, error, gate, opencl->name().c_str());
  EXPECT_LT(error, gate) << opencl->name();
  EXPECT_FALSE(opencl->takeTimings().empty());
}

// Powers of two, and sizes the engine takes by mixed radices (1000, 4800) or Bluestein (1009).
INSTANTIATE_TEST_SUITE_P(Sizes, OpenClSpectrogram, ::testing::Values(256, 1024, 4096, 1000, 1009, 4800));

TEST(OpenClSpectrogramSizes, RunsOnABorrowedContext) {
  std::unique_ptr<cl::DeviceContext> context;
  try {
    context = std::make_unique<cl::DeviceContext>(cl::chooseDevice());
  } catch (const cl::NoPlatformError&) {
    GTEST_SKIP() << "no OpenCL platform";
  }
  context->recordTransfers(true);
  OpenClBatchBackend borrowed(*context);
  FftwBatchBackend fftw;
  const Signal tone = sumOfSines({8000.0, 0.5}, {{1000.0, 0.5, 0.0}});
  SpectrogramSettings settings;
  settings.fftSize = 256;
  settings.hop = 64;
  const Spectrogram ours = computeSpectrogram(tone.channels.front(), 8000.0, settings, borrowed);
  const Spectrogram reference = computeSpectrogram(tone.channels.front(), 8000.0, settings, fftw);
  ASSERT_EQ(ours.db.size(), reference.db.size());
  EXPECT_NEAR(ours.at(3, 32), reference.at(3, 32), 1e-4);  // 1 kHz is bin 32
  // The frames go up and the spectra come down through the borrowed context (which records them);
  // the plan's twiddle table goes up too.
  std::size_t uploads = 0, downloads = 0;
  for (const cl::Transfer& t : context->takeTransfers()) (t.upload ? uploads : downloads) += 1;
  EXPECT_GE(uploads, 1u);
  EXPECT_EQ(downloads, 1u);
}

}  // namespace
}  // namespace fftscope::signal
