// The spectrum view: readout, rendering, contrast.
#include "imaging/SpectrumDisplay.h"

#include "imaging/FftwBackend.h"
#include "imaging/SpectralFilter.h"
#include "imaging/SpectrumReadout.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fftscope::imaging {
namespace {

// 32 rows x 64 columns: 100 + 10 cos(2 pi (x / 8 + y / 8)), i.e. bins (kx, ky) = (8, 4).
Spectrum cosineSpectrum() {
  std::vector<float> plane(32 * 64);
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 64; ++x)
      plane[std::size_t(y * 64 + x)] = float(100.0 + 10.0 * std::cos(2.0 * std::numbers::pi * (x / 8.0 + y / 8.0)));
  FftwBackend fft;
  return forwardSpectrum(plane, padGeometry(64, 32), PadMode::Zero, fft);
}

TEST(SpectrumReadout, AtTheCosinesBin) {
  const SpectrumReadout r = readSpectrum(cosineSpectrum(), 32 + 8, 16 + 4);  // centred display
  EXPECT_EQ(r.kx, 8);
  EXPECT_EQ(r.ky, 4);
  EXPECT_DOUBLE_EQ(r.fx, 0.125);
  EXPECT_DOUBLE_EQ(r.fy, 0.125);
  EXPECT_NEAR(r.radius, 0.1767766953, 1e-9);
  EXPECT_NEAR(r.periodPixels, 5.6568542495, 1e-9);
  // Counter-clockwise from +x with y up, as ImageJ reads it: (fx, fy) with fy growing down the
  // rows points below the x axis.
  EXPECT_NEAR(r.angleDegrees, -45.0, 1e-9);
  EXPECT_NEAR(r.levelDb, 20.0 * std::log10(5.0), 1e-3);  // amplitude 10 -> 5 in each of two bins
}

TEST(SpectrumReadout, AtDcAndInFftOrder) {
  const Spectrum s = cosineSpectrum();
  const SpectrumReadout dc = readSpectrum(s, 32, 16);
  EXPECT_EQ(dc.kx, 0);
  EXPECT_EQ(dc.ky, 0);
  EXPECT_TRUE(std::isinf(dc.periodPixels));
  EXPECT_NEAR(dc.levelDb, 40.0, 1e-3);  // mean 100
  const SpectrumReadout twin = readSpectrum(s, 64 - 8, 32 - 4, false);
  EXPECT_EQ(twin.kx, -8);
  EXPECT_EQ(twin.ky, -4);
  EXPECT_NEAR(twin.angleDegrees, 135.0, 1e-9);
  EXPECT_NEAR(twin.levelDb, 20.0 * std::log10(5.0), 1e-3);
  // Straight up the picture (negative row frequency) is 90 degrees, straight left 180.
  EXPECT_NEAR(readSpectrum(s, 32, 16 - 4).angleDegrees, 90.0, 1e-9);
  EXPECT_NEAR(readSpectrum(s, 32 - 8, 16).angleDegrees, 180.0, 1e-9);
  EXPECT_NEAR(readSpectrum(s, 32, 16 + 4).angleDegrees, -90.0, 1e-9);
  EXPECT_THROW(readSpectrum(s, 64, 0), std::out_of_range);
  EXPECT_THROW(readSpectrum(s, 0, -1), std::out_of_range);
}

TEST(SpectrumDisplay, CentredLogMagnitudeByDefault) {
  const Spectrum s = cosineSpectrum();
  const RgbImage picture = renderSpectrum(s);
  ASSERT_EQ(picture.width, 64);
  ASSERT_EQ(picture.height, 32);
  const auto grey = [&](int x, int y) { return picture.rgb[std::size_t(y * 64 + x) * 3]; };
  EXPECT_EQ(grey(32, 16), 255);  // DC, the strongest bin, in the middle
  // ln(1 + 5 * 2048) / ln(1 + 100 * 2048) of the way up: 0.7553 -> 193.
  EXPECT_EQ(grey(40, 20), 193);
  EXPECT_EQ(grey(24, 12), 193);  // the twin
  EXPECT_LE(grey(5, 5), 40);
}

TEST(SpectrumDisplay, QuantitiesAndLayouts) {
  const Spectrum s = cosineSpectrum();
  const std::vector<float> magnitude = spectrumQuantity(s, SpectrumQuantity::Magnitude, false);
  const std::vector<float> power = spectrumQuantity(s, SpectrumQuantity::Power, false);
  EXPECT_NEAR(magnitude[0], 100.0f * 2048.0f, 1.0f);
  EXPECT_NEAR(power[4 * 64 + 8], 10240.0f * 10240.0f, 1e3f);
  EXPECT_EQ(spectrumQuantity(s, SpectrumQuantity::Magnitude, true)[16 * 64 + 32], magnitude[0]);
  const std::vector<float> phase = spectrumQuantity(s, SpectrumQuantity::Phase, false);
  EXPECT_NEAR(phase[4 * 64 + 8], 0.0f, 1e-4f);  // a cosine: real bins
}

TEST(SpectrumDisplay, LevelsAndGamma) {
  const Spectrum s = cosineSpectrum();
  DisplaySettings settings;
  settings.quantity = SpectrumQuantity::Magnitude;
  const auto at = [&](int x, int y) { return renderSpectrum(s, settings).rgb[std::size_t(y * 64 + x) * 3]; };
  EXPECT_EQ(at(40, 20), 13);  // 10240 / 204800 = 0.05 -> 12.75
  settings.whiteLevel = 0.1;
  EXPECT_EQ(at(40, 20), 128);  // 0.5 -> 127.5
  settings.gamma = 2.0;
  EXPECT_EQ(at(40, 20), 64);  // 0.25 -> 63.75
  settings.blackLevel = 0.05;
  EXPECT_EQ(at(40, 20), 0);
  settings.blackLevel = 0.2;
  EXPECT_THROW(renderSpectrum(s, settings), std::invalid_argument);
}

TEST(SpectrumDisplay, ColourMapApplied) {
  DisplaySettings settings;
  settings.colourMap = ColourMap::Viridis;
  const RgbImage picture = renderSpectrum(cosineSpectrum(), settings);
  const std::uint8_t* dc = &picture.rgb[std::size_t(16 * 64 + 32) * 3];
  EXPECT_EQ((Rgb{dc[0], dc[1], dc[2]}), colourTable(ColourMap::Viridis)[255]);
}

}  // namespace
}  // namespace fftscope::imaging
