// Colour images: each channel filtered on its own, or the luminance only.
#include "imaging/FilterPipeline.h"

#include "imaging/FftwBackend.h"
#include "imaging/SampleImage.h"
#include "imaging/SpectralFilter.h"
#include "TestFiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace fftscope::imaging {
namespace {

// R: the striped sample, G: the clean scene, B: a gradient; cropped to 200 x 150.
Image colourImage() {
  const SampleImage sample = makeSampleImage();
  return test::makeImage(200, 150, 3, 8, [&](int x, int y, int c) {
    const std::size_t i = std::size_t(y) * 512 + std::size_t(x);
    return c == 0 ? sample.noisy.data[i] : c == 1 ? sample.clean.data[i] : float(60 + (x + y) / 3);
  });
}

FilterSpec lowPass() {
  FilterSpec spec;
  spec.base = BaseFilter{FilterKind::LowPass, FilterShape::Butterworth, 0.08, 0.2, 2};
  return spec;
}

TEST(ChannelMode, PerChannelFiltersEachChannelOnItsOwn) {
  const Image image = colourImage();
  const FilterResult result = filterImage(image, lowPass(), PadMode::Mirror, ChannelMode::PerChannel);
  ASSERT_EQ(result.filtered.channels, 3);
  EXPECT_EQ(result.spectra.size(), 3u);
  // Each output channel is that channel filtered alone, clipped to the range of all samples.
  FftwBackend fft;
  const PadGeometry geometry = padGeometry(image.width, image.height);
  const auto [lo, hi] = std::minmax_element(image.data.begin(), image.data.end());
  for (int c = 0; c < 3; ++c) {
    std::vector<float> expected = filterPlane(channelPlane(image, c), geometry, PadMode::Mirror, result.mask, fft);
    for (float& v : expected) v = std::round(std::clamp(v, *lo, *hi));
    EXPECT_EQ(channelPlane(result.filtered, c), expected) << "channel " << c;
  }
  // Changing red leaves green and blue exactly as they were.
  Image changed = image;
  for (std::size_t i = 0; i < changed.pixelCount(); ++i) changed.data[i * 3] = 255.0f - changed.data[i * 3];
  const Image again = filterImage(changed, lowPass(), PadMode::Mirror, ChannelMode::PerChannel).filtered;
  EXPECT_EQ(channelPlane(again, 1), channelPlane(result.filtered, 1));
  EXPECT_EQ(channelPlane(again, 2), channelPlane(result.filtered, 2));
  EXPECT_NE(channelPlane(again, 0), channelPlane(result.filtered, 0));
}

TEST(ChannelMode, LuminanceMovesAllChannelsTogether) {
  const Image image = colourImage();
  const FilterResult result = filterImage(image, lowPass(), PadMode::Mirror, ChannelMode::Luminance);
  ASSERT_EQ(result.filtered.channels, 3);
  ASSERT_EQ(result.spectra.size(), 1u);
  // Each channel changes by the same amount (that of Y), so colour differences stay, up to
  // rounding (and clipping, which this mild filter does not reach).
  double worstChroma = 0.0, largestChange = 0.0;
  for (std::size_t i = 0; i < image.pixelCount(); ++i) {
    const float* in = &image.data[i * 3];
    const float* out = &result.filtered.data[i * 3];
    worstChroma = std::max(worstChroma, double(std::abs((out[0] - in[0]) - (out[1] - in[1]))));
    worstChroma = std::max(worstChroma, double(std::abs((out[2] - in[2]) - (out[1] - in[1]))));
    largestChange = std::max(largestChange, double(std::abs(out[1] - in[1])));
  }
  EXPECT_LE(worstChroma, 1.0);
  EXPECT_GE(largestChange, 5.0);  // the filter did something
  // Per channel, the same filter takes the stripes out of red but leaves green nearly alone,
  // so red minus green changes far more than rounding.
  const Image perChannel = filterImage(image, lowPass(), PadMode::Mirror, ChannelMode::PerChannel).filtered;
  double worstPerChannel = 0.0;
  for (std::size_t i = 0; i < image.pixelCount(); ++i)
    worstPerChannel = std::max(worstPerChannel, double(std::abs((perChannel.data[i * 3] - image.data[i * 3]) -
                                                                (perChannel.data[i * 3 + 1] - image.data[i * 3 + 1]))));
  EXPECT_GE(worstPerChannel, 10.0);
}

TEST(ChannelMode, GreyImagesIgnoreIt) {
  const Image colour = colourImage();
  const Image grey{colour.width, colour.height, 1, 8, channelPlane(colour, 0), {}};
  EXPECT_EQ(filterImage(grey, lowPass(), PadMode::Mirror, ChannelMode::Luminance).filtered.data,
            filterImage(grey, lowPass(), PadMode::Mirror, ChannelMode::PerChannel).filtered.data);
}

}  // namespace
}  // namespace fftscope::imaging
