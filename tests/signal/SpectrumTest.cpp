// Windows, spectrum levels and peak interpolation against known tones and noise.
#include "signal/AudioReader.h"
#include "signal/AudioWriter.h"
#include "signal/Generators.h"
#include "signal/PeakPicking.h"
#include "signal/Spectrum.h"
#include "signal/SpectrumCsv.h"
#include "signal/Window.h"
#include "TempFolder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>

namespace fftscope::signal {
namespace {

TEST(Window, HannEnbwIsOneAndAHalfBins) {
  const WindowMetrics m = windowMetrics(makeWindow({WindowKind::Hann}, 4096));
  EXPECT_NEAR(m.enbwBins, 1.5, 0.015);
  EXPECT_NEAR(m.coherentGain, 0.5, 1e-9);
}

TEST(Window, KnownEnbwOfEachKind) {
  // Reference values (Harris 1978; Heinzel et al. 2002 for the flat-top).
  const struct { WindowKind kind; double enbw; } cases[] = {
      {WindowKind::Rectangular, 1.0}, {WindowKind::Hamming, 1.36}, {WindowKind::Blackman, 1.73},
      {WindowKind::BlackmanHarris, 2.00}, {WindowKind::FlatTop, 3.77}};
  for (const auto& c : cases)
    EXPECT_NEAR(windowMetrics(makeWindow({c.kind}, 8192)).enbwBins, c.enbw, 0.01 * c.enbw) << toString(c.kind);
  EXPECT_EQ(parseWindowKind("Blackman-Harris"), WindowKind::BlackmanHarris);
  EXPECT_THROW(parseWindowKind("triangle"), std::invalid_argument);
}

// A 48 kHz WAV file holding a 0.5-amplitude 1 kHz sine (24-bit), read back.
Signal halfScaleSineFromWav(const TempFolder& folder) {
  Signal sine = sumOfSines({48000.0, 1.0}, {{1000.0, 0.5, 0.3}});
  const auto path = folder / "sine.wav";
  writeAudio(sine, path, SignalFormat{Container::Wav, Encoding::Pcm24});
  return readAudio(path);
}

SpectralPeak strongestPeak(const Signal& signal, WindowKind window, std::size_t fftSize) {
  SpectrumSettings settings;
  settings.window = {window};
  settings.fftSize = fftSize;
  const auto& x = signal.channels.front();
  const Spectrum spectrum = estimateSpectrum(std::span(x.data(), fftSize), signal.sampleRate, settings);
  const auto peaks = findPeaks(spectrum, 1);
  EXPECT_EQ(peaks.size(), 1u);
  return peaks.empty() ? SpectralPeak{} : peaks.front();
}

TEST(Spectrum, HalfScaleSineReadsMinusSixDbfsWithHann) {
  TempFolder folder;
  const Signal signal = halfScaleSineFromWav(folder);
  const std::size_t n = 4096;  // 1 kHz lies a third of a bin off bin 85
  const SpectralPeak peak = strongestPeak(signal, WindowKind::Hann, n);
  EXPECT_NEAR(peak.levelDbfs, -6.0206, 0.1);
  EXPECT_NEAR(peak.fractionalBin, 1000.0 * n / 48000.0, 0.1);
  EXPECT_NEAR(peak.frequencyHz, 1000.0, 0.1 * 48000.0 / n);
}

TEST(Spectrum, HalfScaleSineReadsMinusSixDbfsWithFlatTop) {
  TempFolder folder;
  const Signal signal = halfScaleSineFromWav(folder);
  const SpectralPeak peak = strongestPeak(signal, WindowKind::FlatTop, 4096);
  EXPECT_NEAR(peak.levelDbfs, -6.0206, 0.02);
  EXPECT_NEAR(peak.frequencyHz, 1000.0, 0.1 * 48000.0 / 4096);
}

// Every window, tones from on-bin to half a bin off, with and without zero padding.
TEST(Spectrum, InterpolatedPeakOfEveryWindow) {
  const double rate = 48000.0;
  for (WindowKind kind : allWindowKinds()) {
    for (double offset : {0.0, 0.17, 0.5, 0.83}) {
      for (std::size_t pad : {1, 4}) {
        const std::size_t length = 2048, fftSize = length * pad;
        const double frequency = (200.0 + offset) * rate / double(length);
        const Signal tone = sumOfSines({rate, 0.1}, {{frequency, 0.5, 1.0}});
        SpectrumSettings settings;
        settings.window = {kind};
        settings.fftSize = fftSize;
        const Spectrum s = estimateSpectrum(std::span(tone.channels.front().data(), length), rate, settings);
        const auto peaks = findPeaks(s, 1);
        ASSERT_EQ(peaks.size(), 1u);
        const double tolerance = kind == WindowKind::Rectangular ? 0.1 : 0.02;  // leakage of the image tone
        EXPECT_NEAR(peaks[0].levelDbfs, -6.0206, tolerance) << toString(kind) << " offset " << offset << " pad " << pad;
        EXPECT_NEAR(peaks[0].frequencyHz, frequency, 0.02 * rate / double(fftSize)) << toString(kind) << " offset " << offset;
      }
    }
  }
}

TEST(Spectrum, WelchPsdOfWhiteNoiseMatchesItsVariance) {
  const double rate = 48000.0, rms = 0.1;
  const Signal noise = whiteNoise({rate, 10.0}, rms, 7);
  SpectrumSettings settings;
  settings.window = {WindowKind::Hann};
  settings.fftSize = 1024;
  settings.averaging = Averaging::Welch;
  settings.overlap = 0.5;
  settings.scale = SpectrumScale::Psd;
  const Spectrum s = estimateSpectrum(noise.channels.front(), rate, settings);
  EXPECT_GT(s.segments, 900u);
  const double expectedDb = 10.0 * std::log10(2.0 * rms * rms / rate);  // one-sided
  double meanLinear = 0.0;
  for (std::size_t k = 1; k + 1 < s.bins(); ++k) {
    meanLinear += std::pow(10.0, s.levels[k] / 10.0);
    ASSERT_NEAR(s.levels[k], expectedDb, 1.0) << "bin " << k;
  }
  meanLinear /= double(s.bins() - 2);
  EXPECT_NEAR(10.0 * std::log10(meanLinear), expectedDb, 0.5);
}

TEST(Spectrum, PinkNoiseFallsThreeDbPerOctave) {
  const double rate = 48000.0;
  const Signal noise = pinkNoise({rate, 20.0}, 0.1, 3);
  SpectrumSettings settings;
  settings.fftSize = 4096;
  settings.averaging = Averaging::Welch;
  settings.scale = SpectrumScale::Psd;
  const Spectrum s = estimateSpectrum(noise.channels.front(), rate, settings);
  const auto bandDb = [&](double f) {  // mean PSD over a third of an octave around f
    double sum = 0.0;
    int count = 0;
    for (std::size_t k = 1; k < s.bins(); ++k)
      if (s.frequency(double(k)) > f * 0.89 && s.frequency(double(k)) < f * 1.12) sum += std::pow(10.0, s.levels[k] / 10.0), ++count;
    return 10.0 * std::log10(sum / count);
  };
  const double slope = (bandDb(4000.0) - bandDb(250.0)) / 4.0;  // dB per octave
  EXPECT_NEAR(slope, -3.01, 0.5);
}

TEST(Spectrum, CsvNamesUnitsAndWindowAndHasEveryBin) {
  TempFolder folder;
  const Signal tone = sumOfSines({8000.0, 0.5}, {{1000.0, 1.0, 0.0}});
  SpectrumSettings settings;
  settings.fftSize = 256;
  settings.window = {WindowKind::Kaiser, 6.0};
  const Spectrum s = estimateSpectrum(std::span(tone.channels.front().data(), 256), 8000.0, settings);
  const auto path = folder / "spectrum.csv";
  writeSpectrumCsv(s, path, "tone");
  std::ifstream in(path);
  std::string line, all;
  int rows = 0;
  bool header = false;
  while (std::getline(in, line)) {
    all += line + "\n";
    if (line == "frequency_hz,level_dbfs") header = true;
    else if (header) ++rows;
  }
  EXPECT_TRUE(header) << all;
  EXPECT_NE(all.find("kaiser(beta=6)"), std::string::npos) << all;
  EXPECT_NE(all.find("4000,"), std::string::npos);  // Nyquist row
  EXPECT_EQ(rows, 129);
}

}  // namespace
}  // namespace fftscope::signal
