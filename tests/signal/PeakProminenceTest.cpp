// Peak picking keeps tones and leaves noise: two tones in white noise give those two peaks and no
// others, whether or not the spectrum is averaged; tones less prominent than asked are left.
#include "signal/Generators.h"
#include "signal/PeakPicking.h"
#include "signal/Spectrum.h"

#include <gtest/gtest.h>

#include <cmath>

namespace fftscope::signal {
namespace {

Signal tonesInNoise(double noiseRms) {
  const Timebase timebase{48000.0, 1.0};
  Signal s = sumOfSines(timebase, {Tone{1000.0, 0.5}, Tone{5000.0, 0.05}});
  const Signal noise = whiteNoise(timebase, noiseRms, 3);
  for (std::size_t i = 0; i < s.channels[0].size(); ++i) s.channels[0][i] += noise.channels[0][i];
  return s;
}

TEST(PeakProminence, TwoTonesInNoiseGiveTwoPeaks) {
  const Signal s = tonesInNoise(0.01);
  for (const Averaging averaging : {Averaging::None, Averaging::Welch}) {
    SpectrumSettings settings;
    settings.averaging = averaging;
    const Spectrum spectrum = estimateSpectrum(s.channels[0], s.sampleRate, settings);
    const std::vector<SpectralPeak> peaks = findPeaks(spectrum, 8, -100.0);
    ASSERT_EQ(peaks.size(), 2u) << (averaging == Averaging::None ? "one transform" : "Welch");
    EXPECT_NEAR(peaks[0].frequencyHz, 1000.0, 1.0);
    EXPECT_NEAR(peaks[1].frequencyHz, 5000.0, 1.0);
    EXPECT_NEAR(peaks[0].levelDbfs, 20.0 * std::log10(0.5), 0.5);
  }
}

TEST(PeakProminence, TonesLessProminentThanAskedAreNotPeaks) {
  // The 1 kHz tone stands about 100 dB over this floor: asking for more leaves no peak at all.
  const Signal s = tonesInNoise(0.01);
  SpectrumSettings settings;
  settings.averaging = Averaging::Welch;
  const Spectrum spectrum = estimateSpectrum(s.channels[0], s.sampleRate, settings);
  const std::vector<SpectralPeak> strict = findPeaks(spectrum, 8, -100.0, 150.0);
  EXPECT_TRUE(strict.empty());
}

}  // namespace
}  // namespace fftscope::signal
