// The spectrogram of a linear chirp follows the chirp; chunking and pooling change nothing.
#include "signal/FftwBatchBackend.h"
#include "signal/Generators.h"
#include "signal/Spectrogram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace fftscope::signal {
namespace {

std::size_t loudestBin(const Spectrogram& s, std::size_t row) {
  const float* begin = s.db.data() + row * s.bins;
  return std::size_t(std::max_element(begin, begin + s.bins) - begin);
}

TEST(Spectrogram, LinearChirpPeaksAlongItsLine) {
  const double rate = 48000.0, seconds = 2.0, f0 = 500.0, f1 = 12000.0;
  const Signal sweep = chirp({rate, seconds}, f0, f1, ChirpSweep::Linear, 0.5);
  FftwBatchBackend fftw;
  SpectrogramSettings settings;  // Hann, 1024 points, hop 256
  settings.chunkFrames = 64;     // many chunks
  const Spectrogram s = computeSpectrogram(sweep.channels.front(), rate, settings, fftw);
  ASSERT_EQ(s.rows, 1 + (96000 - 1024) / 256);
  ASSERT_EQ(s.bins, 513u);
  double worst = 0.0;
  for (std::size_t row = 0; row < s.rows; ++row) {
    const double expected = f0 + (f1 - f0) * s.rowTime(row) / seconds;
    worst = std::max(worst, std::abs(s.binFrequency(loudestBin(s, row)) - expected));
  }
  EXPECT_LT(worst, 1.0 * rate / 1024) << "Hz off the chirp's line";
  // The peak level of a 0.5-amplitude sweep, within the Hann window's scalloping loss.
  EXPECT_NEAR(s.at(100, loudestBin(s, 100)), -6.02, 1.5);
}

TEST(Spectrogram, ChunksAndPoolingAgree) {
  const double rate = 8000.0;
  const Signal noise = whiteNoise({rate, 1.0}, 0.2, 11);
  FftwBatchBackend fftw;
  SpectrogramSettings settings;
  settings.fftSize = 256;
  settings.hop = 100;
  settings.chunkFrames = 7;  // odd: a chunk ends with an unpaired frame
  const Spectrogram small = computeSpectrogram(noise.channels.front(), rate, settings, fftw);
  settings.chunkFrames = 0;
  const Spectrogram whole = computeSpectrogram(noise.channels.front(), rate, settings, fftw);
  ASSERT_EQ(small.db.size(), whole.db.size());
  for (std::size_t i = 0; i < whole.db.size(); ++i) ASSERT_NEAR(small.db[i], whole.db[i], 1e-3) << i;
  settings.maxRows = 10;
  const Spectrogram pooled = computeSpectrogram(noise.channels.front(), rate, settings, fftw);
  EXPECT_LE(pooled.rows, 10u);
  for (std::size_t k = 0; k < pooled.bins; ++k) {
    float expected = -1e9f;
    for (std::size_t r = 0; r < pooled.framesPerRow && r < whole.rows; ++r) expected = std::max(expected, whole.at(r, k));
    ASSERT_FLOAT_EQ(pooled.at(0, k), expected);
  }
}

}  // namespace
}  // namespace fftscope::signal
