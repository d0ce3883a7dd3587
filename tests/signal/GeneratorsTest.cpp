// Generated signals have the spectra their formulas promise, and seeds repeat.
#include "signal/FftwBatchBackend.h"
#include "signal/Generators.h"
#include "signal/PeakPicking.h"
#include "signal/Spectrogram.h"
#include "signal/Spectrum.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace fftscope::signal {
namespace {

// The fundamental's amplitude (flat-top, one segment of the whole second).
double fundamental(const Signal& s, double frequency) {
  SpectrumSettings settings;
  settings.window = {WindowKind::FlatTop};
  settings.fftSize = 2;  // the whole selection is one segment: M = its length
  const Spectrum spectrum = estimateSpectrum(s.channels.front(), s.sampleRate, settings);
  const SpectralPeak peak = refinePeak(spectrum, std::size_t(std::lround(frequency / spectrum.binWidth())));
  EXPECT_NEAR(peak.frequencyHz, frequency, 0.1 * spectrum.binWidth());
  return peak.amplitude;
}

TEST(Generators, SquareAndSawtoothFundamentals) {
  const Timebase timebase{48000.0, 1.0};
  EXPECT_NEAR(fundamental(square(timebase, 250.0, 0.5), 250.0), 4.0 / std::numbers::pi * 0.5, 0.005);
  EXPECT_NEAR(fundamental(sawtooth(timebase, 250.0, 0.5), 250.0), 2.0 / std::numbers::pi * 0.5, 0.005);
}

TEST(Generators, ImpulseIsOneSample) {
  const Signal s = impulse({1000.0, 1.0}, 0.25, 0.75);
  ASSERT_EQ(s.frames(), 1000u);
  for (std::size_t i = 0; i < s.frames(); ++i) ASSERT_EQ(s.channels[0][i], i == 250 ? 0.75f : 0.0f) << i;
}

TEST(Generators, NoiseIsSeededWithTheAskedRms) {
  const Timebase timebase{48000.0, 2.0};
  const Signal a = whiteNoise(timebase, 0.3, 42), b = whiteNoise(timebase, 0.3, 42), c = whiteNoise(timebase, 0.3, 43);
  EXPECT_EQ(a.channels, b.channels);
  EXPECT_NE(a.channels, c.channels);
  double sum = 0.0;
  for (float v : a.channels[0]) sum += double(v) * v;
  EXPECT_NEAR(std::sqrt(sum / double(a.frames())), 0.3, 0.003);
  EXPECT_EQ(pinkNoise(timebase, 0.1, 5).channels, pinkNoise(timebase, 0.1, 5).channels);
}

TEST(Generators, LogarithmicChirpEndsWhereAsked) {
  const double rate = 48000.0;
  const Signal s = chirp({rate, 2.0}, 100.0, 10000.0, ChirpSweep::Logarithmic, 0.5);
  FftwBatchBackend fftw;
  SpectrogramSettings settings;
  settings.fftSize = 4096;
  settings.hop = 1024;
  const Spectrogram g = computeSpectrogram(s.channels.front(), rate, settings, fftw);
  for (std::size_t row : {g.rows / 2, g.rows - 1}) {
    const float* levels = g.db.data() + row * g.bins;
    const std::size_t bin = std::size_t(std::max_element(levels, levels + g.bins) - levels);
    const double expected = 100.0 * std::pow(100.0, g.rowTime(row) / 2.0);  // f0 (f1/f0)^(t/T)
    EXPECT_NEAR(g.binFrequency(bin), expected, 0.02 * expected + g.binFrequency(1)) << "row " << row;
  }
}

TEST(Generators, RefuseEmptyTimebases) {
  EXPECT_THROW(whiteNoise({0.0, 1.0}, 1.0, 1), std::invalid_argument);
  EXPECT_THROW(sumOfSines({48000.0, 0.0}, {}), std::invalid_argument);
  EXPECT_THROW(impulse({100.0, 1.0}, 2.0), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::signal
