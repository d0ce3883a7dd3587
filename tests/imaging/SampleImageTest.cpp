// The sample image: deterministic, as committed under resources/samples, stripes as declared.
#include "imaging/SampleImage.h"

#include "imaging/ImageReader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fftscope::imaging {
namespace {

const std::filesystem::path kSamples = std::filesystem::path(FFTSCOPE_SOURCE_DIR) / "resources" / "samples";

TEST(SampleImage, IsGreyEightBit512Square) {
  const SampleImage sample = makeSampleImage();
  for (const Image* image : {&sample.clean, &sample.noisy}) {
    EXPECT_EQ(image->width, 512);
    EXPECT_EQ(image->height, 512);
    EXPECT_EQ(image->channels, 1);
    EXPECT_EQ(image->bitDepth, 8);
  }
  EXPECT_EQ(sample.stripes.size(), 2u);
}

TEST(SampleImage, NoisyIsCleanPlusTheStripesWithoutClipping) {
  const SampleImage sample = makeSampleImage();
  double worst = 0.0;
  for (int y = 0; y < 512; ++y)
    for (int x = 0; x < 512; ++x) {
      double stripes = 0.0;
      for (const StripePattern& s : sample.stripes)
        stripes += s.amplitude * std::cos(2.0 * std::numbers::pi * (s.fx * x + s.fy * y));
      const std::size_t i = std::size_t(y) * 512 + std::size_t(x);
      worst = std::max(worst, std::abs(sample.noisy.data[i] - sample.clean.data[i] - stripes));
    }
  EXPECT_LE(worst, 1.0);  // two roundings
  const auto [lo, hi] = std::minmax_element(sample.noisy.data.begin(), sample.noisy.data.end());
  EXPECT_GT(*lo, 0.0f);
  EXPECT_LT(*hi, 255.0f);
}

TEST(SampleImage, CommittedFilesAreWhatTheCodeMakes) {
  const SampleImage sample = makeSampleImage();
  EXPECT_EQ(readImage(kSamples / "periodic-noise.png").data, sample.noisy.data);
  EXPECT_EQ(readImage(kSamples / "periodic-noise-clean.png").data, sample.clean.data);
}

}  // namespace
}  // namespace fftscope::imaging
