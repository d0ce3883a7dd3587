// The magnitudes of a real plane's half spectrum stand for every bin: they read as the full
// spectrum's, and the profiles, peak snapping, levels and auto notch give the same answers.
#include "imaging/AutoNotch.h"
#include "imaging/FftwBackend.h"
#include "imaging/PeakSnap.h"
#include "imaging/SpectrumLevels.h"
#include "imaging/SpectrumMagnitudes.h"
#include "imaging/SpectrumProfiles.h"
#include "imaging/SpectrumReadout.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

using namespace fftscope::imaging;

namespace {

// Noise plus a stripe pattern: a pair of conjugate peaks at (kx, ky) = (7, 5) and its twin.
Spectrum stripedSpectrum(int rows, int cols) {
  std::vector<float> plane(std::size_t(rows) * std::size_t(cols));
  std::mt19937 random(3);
  std::normal_distribution<float> noise(0.0f, 1.0f);
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x)
      plane[std::size_t(y) * cols + x] =
          40.0f + noise(random) + float(30.0 * std::cos(2 * std::numbers::pi * (7.0 * x / cols + 5.0 * y / rows)));
  Spectrum s{rows, cols, std::vector<std::complex<float>>(plane.begin(), plane.end())};
  FftwBackend fft;
  fft.forward(s.bins.data(), rows, cols);
  return s;
}

class HalfMagnitudes : public ::testing::TestWithParam<std::pair<int, int>> {};

TEST_P(HalfMagnitudes, ReadEveryBinAsTheFullSpectrum) {
  const auto [rows, cols] = GetParam();
  const Spectrum s = stripedSpectrum(rows, cols);
  const SpectrumMagnitudes half = halfMagnitudesOf(s), full = magnitudesOf(s);
  EXPECT_EQ(half.keptCols, cols / 2 + 1);
  EXPECT_EQ(half.values.size(), std::size_t(rows) * std::size_t(cols / 2 + 1));
  EXPECT_EQ(full.keptCols, cols);
  double largest = 0, worst = 0;
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) {
      const double m = std::abs(s.bins[std::size_t(y) * cols + x]);
      largest = std::max(largest, m);
      worst = std::max(worst, std::abs(double(half.at(x, y)) - m));
      EXPECT_EQ(full.at(x, y), std::abs(s.bins[std::size_t(y) * cols + x]));
    }
  // The mirrored bins are their twins' magnitudes: equal up to the FFT's rounding.
  EXPECT_LT(worst / largest, 1e-6);

  const MagnitudeRange a = magnitudeRange(half), b = magnitudeRange(s);
  EXPECT_NEAR(a.max, b.max, 1e-6 * b.max);
  EXPECT_NEAR(a.min, b.min, 1e-5 * b.max);
  const RadialProfile pa = radialProfile(half), pb = radialProfile(s);
  ASSERT_EQ(pa.meanDb.size(), pb.meanDb.size());
  for (std::size_t i = 0; i < pa.meanDb.size(); ++i) EXPECT_NEAR(pa.meanDb[i], pb.meanDb[i], 1e-3);
  // The twin peak at (-7, -5) lies in the half left out; snapping and the readout find it.
  const SnappedBin twin = snapToPeak(half, -6.0 / cols, -4.0 / rows);
  EXPECT_EQ(twin.kx, -7);
  EXPECT_EQ(twin.ky, -5);
  const SpectrumReadout r = readSpectrum(half, cols / 2 - 7, rows / 2 - 5);
  EXPECT_NEAR(r.levelDb, readSpectrum(s, cols / 2 - 7, rows / 2 - 5).levelDb, 1e-4);
  EXPECT_NEAR(r.levelDb, 20 * std::log10(15.0), 0.1);  // amplitude 30: 30 / 2 at each twin
  const std::vector<NotchSuggestion> notches = suggestNotches(half);
  ASSERT_EQ(notches.size(), 1u);
  EXPECT_NEAR(notches[0].notch.fx, 7.0 / cols, 0.5 / cols);
  EXPECT_NEAR(notches[0].notch.fy, 5.0 / rows, 0.5 / rows);
}

INSTANTIATE_TEST_SUITE_P(Sizes, HalfMagnitudes,
                         ::testing::Values(std::pair{64, 64}, std::pair{48, 75}, std::pair{75, 48}, std::pair{33, 31}),
                         [](const auto& info) {
                           return std::to_string(info.param.first) + "x" + std::to_string(info.param.second);
                         });

TEST(HalfMagnitudes, RefuseAnInconsistentSpectrum) {
  EXPECT_THROW(halfMagnitudesOf(Spectrum{}), std::invalid_argument);
  EXPECT_THROW(magnitudesOf(Spectrum{4, 4, std::vector<std::complex<float>>(15)}), std::invalid_argument);
  EXPECT_THROW(radialProfile(SpectrumMagnitudes{}), std::invalid_argument);
  EXPECT_THROW(suggestNotches(SpectrumMagnitudes{4, 4, 3, std::vector<float>(11)}), std::invalid_argument);
}

}  // namespace
