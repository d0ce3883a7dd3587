// The spectrum of a selection: windowed, padded to powers of two, its peak at the frequency of a
// pattern present only inside the selection.
#include "imaging/FftwBackend.h"
#include "imaging/RegionSpectrum.h"
#include "imaging/SpectrumLayout.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

using namespace fftscope::imaging;

namespace {

// A smooth ramp with stripes at (fx, fy) cycles per pixel inside `patch` only.
Image patchedImage(int width, int height, const Region& patch, double fx, double fy) {
  Image image{width, height, 1, 8, std::vector<float>(std::size_t(width) * height), {}};
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const bool inside = x >= patch.x && x < patch.x + patch.width && y >= patch.y && y < patch.y + patch.height;
      image.data[std::size_t(y) * width + x] =
          float(60.0 + 0.1 * x + (inside ? 40.0 * std::cos(2 * std::numbers::pi * (fx * x + fy * y)) : 0.0));
    }
  return image;
}

// The strongest bin more than 3 bins from DC, as signed (kx, ky).
std::pair<int, int> strongestAwayFromDc(const Spectrum& s) {
  std::pair<int, int> best{0, 0};
  float strongest = -1;
  for (int y = 0; y < s.rows; ++y)
    for (int x = 0; x < s.cols; ++x) {
      const int kx = signedBin(x, s.cols), ky = signedBin(y, s.rows);
      if (kx * kx + ky * ky <= 9) continue;
      const float m = std::abs(s.bins[std::size_t(y) * s.cols + x]);
      if (m > strongest) {
        strongest = m;
        best = {kx, ky};
      }
    }
  return best;
}

}  // namespace

TEST(RegionSpectrum, PeaksAtThePatternInsideTheSelection) {
  const Region patch{300, 40, 128, 96};
  const Image image = patchedImage(512, 256, patch, 0.125, -0.0625);
  FftwBackend fft;
  const Spectrum s = regionSpectrum(image, patch, fft);
  EXPECT_EQ(s.cols, 128);
  EXPECT_EQ(s.rows, 128);  // 96 padded to the next power of two
  auto [kx, ky] = strongestAwayFromDc(s);
  if (kx < 0) kx = -kx, ky = -ky;  // the pattern or its conjugate twin, of equal strength
  EXPECT_NEAR(double(kx) / s.cols, 0.125, 1.0 / s.cols);
  EXPECT_NEAR(double(ky) / s.rows, -0.0625, 1.0 / s.rows);
  // Outside the patch there is no pattern: a selection there has no such peak.
  const Spectrum plain = regionSpectrum(image, Region{20, 100, 128, 96}, fft);
  const std::size_t at = std::size_t((s.rows - 8) % s.rows) * plain.cols + 16;
  EXPECT_LT(std::abs(plain.bins[at]), 0.01 * std::abs(s.bins[at]));
}

TEST(RegionSpectrum, WindowsClipsAndRefusesTinySelections) {
  const std::vector<float> w = hannWindow(8);
  EXPECT_NEAR(w[0], 0.5 * (1 - std::cos(2 * std::numbers::pi * 0.5 / 8)), 1e-7);
  EXPECT_NEAR(w[3], w[4], 1e-7);  // symmetric
  EXPECT_GT(w[0], 0.0f);
  const Region clipped = clipRegion(Region{500, -10, 100, 50}, 512, 256);
  EXPECT_EQ(clipped.x, 500);
  EXPECT_EQ(clipped.y, 0);
  EXPECT_EQ(clipped.width, 12);
  EXPECT_EQ(clipped.height, 40);
  EXPECT_THROW(clipRegion(Region{508, 0, 100, 50}, 512, 256), std::invalid_argument);
  EXPECT_STREQ(kRegionWindowName, "Hann");
}
