// The spectrogram's chunks spread over 2 and 3 devices (sub-devices of the CPU device here)
// against one device and FFTW: every frame heard once, the levels one device's within the f32 gate,
// with seven chunks, which neither G divides.
#include "SubDeviceContexts.h"
#include "signal/FftwBatchBackend.h"
#include "signal/Generators.h"
#include "signal/OpenClBatchBackend.h"
#include "signal/Spectrogram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace fftscope::signal {
namespace {

// Relative L2 of the amplitudes, as OpenClSpectrogramTest compares them.
double relativeL2(const Spectrogram& ours, const Spectrogram& reference) {
  double num = 0.0, den = 0.0;
  for (std::size_t i = 0; i < ours.db.size(); ++i) {
    const double a = std::pow(10.0, ours.db[i] / 20.0), b = std::pow(10.0, reference.db[i] / 20.0);
    num += (a - b) * (a - b);
    den += b * b;
  }
  return std::sqrt(num / den);
}

class SpreadSpectrogram : public ::testing::TestWithParam<int> {};

TEST_P(SpreadSpectrogram, ChunksOverDevicesAreOneDevicesWithinTheGate) {
  const double rate = 48000.0;
  Signal x = chirp({rate, 1.0}, 100.0, 20000.0, ChirpSweep::Logarithmic, 0.5);
  const Signal noise = whiteNoise({rate, 1.0}, 0.05, 38);
  for (std::size_t i = 0; i < x.frames(); ++i) x.channels[0][i] += noise.channels[0][i];
  SpectrogramSettings settings;
  settings.fftSize = 1024;
  settings.hop = 256;
  settings.chunkFrames = 28;  // 184 frames: seven chunks
  ASSERT_EQ(spectrogramFrames(x.frames(), settings.fftSize, settings.hop), 184u);

  std::vector<std::unique_ptr<OpenClBatchBackend>> engines;
  std::vector<BatchFftBackend*> backends;
  for (cl::DeviceContext* context : testing::devicesFor(GetParam())) {
    engines.push_back(std::make_unique<OpenClBatchBackend>(*context));
    backends.push_back(engines.back().get());
  }
  std::vector<std::size_t> heard(184, 0);
  std::vector<float> streamed(184 * 513);
  streamSpectrogram(x.channels.front(), rate, settings, backends, [&](std::size_t first, std::size_t count, const float* levels) {
    for (std::size_t f = 0; f < count; ++f) ++heard[first + f];
    std::copy(levels, levels + count * 513, streamed.begin() + std::ptrdiff_t(first * 513));
  });
  EXPECT_EQ(std::count(heard.begin(), heard.end(), 1), 184);

  const Spectrogram spread = computeSpectrogram(x.channels.front(), rate, settings, backends);
  OpenClBatchBackend one(*testing::devicesFor(1).front());
  const Spectrogram single = computeSpectrogram(x.channels.front(), rate, settings, one);
  FftwBatchBackend fftw;
  const Spectrogram reference = computeSpectrogram(x.channels.front(), rate, settings, fftw);
  ASSERT_EQ(spread.db.size(), single.db.size());
  EXPECT_EQ(std::vector<float>(spread.db.begin(), spread.db.end()), streamed);
  const double gate = 4.0 * std::ldexp(1.0, -24) * std::sqrt(std::log2(double(settings.fftSize)) + 1.0);
  EXPECT_LT(relativeL2(spread, single), gate);
  EXPECT_LT(relativeL2(spread, reference), gate);
}

INSTANTIATE_TEST_SUITE_P(Devices, SpreadSpectrogram, ::testing::Values(2, 3));

}  // namespace
}  // namespace fftscope::signal
