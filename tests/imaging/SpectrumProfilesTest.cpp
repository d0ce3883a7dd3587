// The radial and line profiles against a reference computed independently: a direct DFT in
// double and rings assigned from NumPy's fftfreq (np.floor(np.hypot(fx, fy) / step + 0.5)).
#include "imaging/FftwBackend.h"
#include "imaging/Padding.h"
#include "imaging/SpectralFilter.h"
#include "imaging/PeakSnap.h"
#include "imaging/SpectrumLevels.h"
#include "imaging/SpectrumProfiles.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <random>
#include <set>

using namespace fftscope::imaging;

namespace {

struct Plane {
  int rows, cols;
  std::vector<float> samples;
};

Plane randomPlaneWithRing(int rows, int cols, double ringRadius) {
  Plane p{rows, cols, std::vector<float>(std::size_t(rows) * cols)};
  std::mt19937 random(7);
  std::normal_distribution<float> noise(0.0f, 1.0f);
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x)
      p.samples[std::size_t(y) * cols + x] =
          50.0f + noise(random) + float(20.0 * std::cos(2 * std::numbers::pi * ringRadius * x));
  return p;
}

// fftfreq(n)[k] for k < n: k / n below n / 2, (k - n) / n from n / 2 on.
double fftfreq(int k, int n) { return (k < (n + 1) / 2 ? k : k - n) / double(n); }

Spectrum spectrumOf(const Plane& p) {
  FftwBackend fft;
  return forwardSpectrum(p.samples, padGeometry(p.cols, p.rows), PadMode::Zero, fft);
}

}  // namespace

TEST(RadialProfile, MatchesADirectDftReference) {
  const Plane plane = randomPlaneWithRing(32, 16, 5.0 / 16);
  const Spectrum s = spectrumOf(plane);
  // The reference: every bin's DFT by its definition, in double.
  const int rows = plane.rows, cols = plane.cols, n = std::min(rows, cols);
  std::vector<double> sum(std::size_t(n / 2 + 1), 0.0);
  std::vector<int> count(std::size_t(n / 2 + 1), 0);
  for (int ky = 0; ky < rows; ++ky)
    for (int kx = 0; kx < cols; ++kx) {
      std::complex<double> x = 0;
      for (int y = 0; y < rows; ++y)
        for (int xx = 0; xx < cols; ++xx)
          x += double(plane.samples[std::size_t(y) * cols + xx]) *
               std::polar(1.0, -2 * std::numbers::pi * (double(kx) * xx / cols + double(ky) * y / rows));
      // np.floor(np.hypot(fx, fy) / step + 0.5): halves go up.
      const double ring = std::floor(std::hypot(fftfreq(kx, cols), fftfreq(ky, rows)) * n + 0.5);
      if (ring > n / 2) continue;
      sum[std::size_t(ring)] += std::max(20 * std::log10(std::abs(x) / (rows * cols)), kFloorDb);
      ++count[std::size_t(ring)];
    }
  const RadialProfile p = radialProfile(s);
  ASSERT_EQ(p.radius.size(), std::size_t(n / 2 + 1));
  EXPECT_DOUBLE_EQ(p.step, 1.0 / n);
  for (std::size_t i = 0; i < p.radius.size(); ++i) {
    EXPECT_DOUBLE_EQ(p.radius[i], double(i) / n);
    EXPECT_EQ(p.count[i], count[i]) << "ring " << i;
    EXPECT_NEAR(p.meanDb[i], sum[i] / count[i], 1e-3) << "ring " << i;
  }
}

TEST(RadialProfile, PeaksAtTheRadiusOfARingPattern) {
  // Cosines of one radius in eight directions: a ring in the spectrum.
  Plane plane = randomPlaneWithRing(64, 64, 0.0);  // noise, so that empty bins do not dominate
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x)
      for (int j = 0; j < 8; ++j) {
        const double a = j * std::numbers::pi / 8, r = 12.0 / 64;
        plane.samples[std::size_t(y) * 64 + x] += float(std::cos(2 * std::numbers::pi * r * (x * std::cos(a) + y * std::sin(a))));
      }
  const RadialProfile p = radialProfile(spectrumOf(plane));
  std::size_t strongest = 1;
  for (std::size_t i = 1; i < p.meanDb.size(); ++i)
    if (p.meanDb[i] > p.meanDb[strongest]) strongest = i;
  // Off-bin directions leak into the neighbouring rings; the peak stays within one ring.
  EXPECT_NEAR(double(strongest), 12.0, 1.0);
  EXPECT_GT(p.meanDb[12], p.meanDb[6] + 10.0);
  EXPECT_GT(p.meanDb[12], p.meanDb[20] + 10.0);
  EXPECT_THROW(radialProfile(Spectrum{}), std::invalid_argument);
}

TEST(LineProfile, SamplesEachBinAlongTheLine) {
  const Plane plane = randomPlaneWithRing(64, 64, 12.0 / 64);
  const Spectrum s = spectrumOf(plane);
  const LineProfile p = lineProfile(s, 0.0, 0.0, 20.0 / 64, 0.0);
  ASSERT_EQ(p.distance.size(), 21u);
  EXPECT_DOUBLE_EQ(p.distance.back(), 20.0 / 64);
  EXPECT_DOUBLE_EQ(p.fx[12], 12.0 / 64);
  EXPECT_DOUBLE_EQ(p.levelDb[12], binLevelDb(s, 12, 0));
  // The cosine of amplitude 20 reads 20 log10(10) = 20 dB at its bin.
  EXPECT_NEAR(p.levelDb[12], 20.0, 0.5);
}

TEST(PeakSnap, TheReadoutSnapsOnlyWhenBinsAreSmallAndThePeakStandsOut) {
  EXPECT_EQ(snapReach(0.76), 4);  // a 512 spectrum at fit zoom in a 390 px view
  EXPECT_EQ(snapReach(2.0), 2);
  EXPECT_EQ(snapReach(8.0), 0);
  Spectrum s{64, 64, std::vector<std::complex<float>>(64 * 64, {1.0f, 0.0f})};
  s.bins[0] = {1e6f, 0.0f};
  s.bins[std::size_t(64 - 9) * 64 + 20] = {500.0f, 0.0f};  // (20, -9)
  const auto near = snapToProminentPeak(s, 22 / 64.0, -10 / 64.0, 4);
  ASSERT_TRUE(near.has_value());
  EXPECT_EQ(near->kx, 20);
  EXPECT_EQ(near->ky, -9);
  EXPECT_FALSE(snapToProminentPeak(s, 22 / 64.0, -10 / 64.0, 1).has_value());  // out of reach
  EXPECT_FALSE(snapToProminentPeak(s, 22 / 64.0, -10 / 64.0, 0).has_value());
  EXPECT_FALSE(snapToProminentPeak(s, 20 / 64.0, -9 / 64.0, 4).has_value());  // already on it
  // Noise: the largest of many Rayleigh-distributed bins is no peak.
  std::mt19937 random(3);
  std::normal_distribution<float> noise(0.0f, 1.0f);
  for (auto& bin : s.bins) bin = {noise(random), noise(random)};
  std::set<std::pair<int, int>> snappedTo;
  for (int k = 0; k < 200; ++k)
    if (const auto p = snapToProminentPeak(s, (k % 20 - 10) / 64.0, (k / 20 + 5) / 64.0, 4)) snappedTo.insert({p->kx, p->ky});
  // Among the ~600 bins searched, at most the odd exceptional noise bin (4.3 sigma) draws the pointer.
  EXPECT_LE(snappedTo.size(), 1u);
}

TEST(SpectrumLevels, TheColourBarsPositionIsWhereTheDisplayDrawsTheBin) {
  const Plane plane = randomPlaneWithRing(64, 64, 12.0 / 64);
  const Spectrum s = spectrumOf(plane);
  const MagnitudeRange range = magnitudeRange(s);
  DisplaySettings settings;
  settings.colourMap = ColourMap::Grey;  // grey level = position * 255
  settings.blackLevel = 0.1;
  settings.whiteLevel = 0.9;
  settings.gamma = 0.7;
  const RgbImage shown = renderSpectrum(s, settings);
  int compared = 0;
  for (int bin : {12, 100, 700, 2000, 3000}) {
    const double level = binLevelDb(s, bin % 64, bin / 64);
    const auto position = displayPosition(settings, range, magnitudeOfLevel(level, 64, 64));
    // The centred display puts unshifted bin (x, y) at ((x + 32) % 64, (y + 32) % 64).
    const int x = (bin % 64 + 32) % 64, y = (bin / 64 + 32) % 64;
    const int grey = shown.rgb[std::size_t(y * 64 + x) * 3];
    if (!position) {
      EXPECT_TRUE(grey == 0 || grey == 255) << bin;
      continue;
    }
    EXPECT_NEAR(*position * 255.0, grey, 1.0) << bin;
    ++compared;
  }
  EXPECT_GE(compared, 3);
  settings.quantity = SpectrumQuantity::Phase;
  EXPECT_FALSE(displayPosition(settings, range, range.max).has_value());
}
