// Output range modes: a high-pass result is signed; offset puts zero at mid-grey, stretch maps
// min..max onto the full range, clip keeps the source's range, float keeps the exact values in a
// 32-bit TIFF.
#include "imaging/OutputRange.h"

#include "imaging/FftwBackend.h"
#include "imaging/FilterPipeline.h"
#include "imaging/ImageWriter.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <cmath>

namespace fftscope::imaging {
namespace {

// A photo-like grey image: a bright ramp with a fine stripe pattern.
Image stripes(int bitDepth, int channels = 1) {
  const float top = maxSampleValue(bitDepth);
  return test::makeImage(40, 24, channels, bitDepth, [&](int x, int y, int c) {
    return std::round(top * (0.2f + 0.5f * float(x) / 40.0f + 0.2f * float((x / 2 + y + c) % 2)));
  });
}

FilteredSamples highPass(const Image& image) {
  FilterSpec spec;
  spec.base.kind = FilterKind::HighPass;
  spec.base.cutoff = 0.1;
  FftwBackend fftw;
  const SpectralImage analysed = analyseImage(image, PadMode::Mirror, ChannelMode::PerChannel, fftw);
  const Mask mask = buildMask(analysed.geometry.paddedHeight, analysed.geometry.paddedWidth, spec);
  return synthesiseSamples(analysed, mask, fftw);
}

TEST(OutputRange, DefaultsFollowTheFilter) {
  EXPECT_EQ(defaultOutputRange(FilterKind::HighPass), OutputRange::Offset);
  EXPECT_EQ(defaultOutputRange(FilterKind::BandPass), OutputRange::Offset);
  EXPECT_EQ(defaultOutputRange(FilterKind::LowPass), OutputRange::Clip);
  EXPECT_EQ(defaultOutputRange(FilterKind::BandStop), OutputRange::Clip);
  EXPECT_EQ(defaultOutputRange(FilterKind::AllPass), OutputRange::Clip);
  for (OutputRange r : {OutputRange::Offset, OutputRange::Stretch, OutputRange::Clip, OutputRange::Float})
    EXPECT_EQ(outputRangeFromName(outputRangeName(r)), r);
  EXPECT_FALSE(outputRangeFromName("autoscale"));
}

class EachDepth : public ::testing::TestWithParam<int> {};

TEST_P(EachDepth, HighPassIsSignedAndEachModeMapsItAsDefined) {
  const int depth = GetParam();
  const float top = maxSampleValue(depth);
  const FilteredSamples raw = highPass(stripes(depth));
  const auto [lo, hi] = std::minmax_element(raw.image.data.begin(), raw.image.data.end());
  ASSERT_LT(*lo, -0.05f * top);  // signed: clipping would make most of it black
  ASSERT_GT(*hi, 0.05f * top);

  const Image offset = mapOutputRange(raw, OutputRange::Offset);
  const Image stretch = mapOutputRange(raw, OutputRange::Stretch);
  const Image clip = mapOutputRange(raw, OutputRange::Clip);
  for (std::size_t i = 0; i < raw.image.data.size(); ++i) {
    const float v = raw.image.data[i];
    EXPECT_EQ(offset.data[i], std::round(std::clamp(v + midLevel(depth), 0.0f, top)));
    EXPECT_NEAR(stretch.data[i], (v - *lo) / (*hi - *lo) * top, 0.5f + 1e-3f * top);
    EXPECT_EQ(clip.data[i], std::round(std::clamp(v, raw.sourceMin, raw.sourceMax)));
  }
  EXPECT_EQ(*std::min_element(stretch.data.begin(), stretch.data.end()), 0.0f);
  EXPECT_EQ(*std::max_element(stretch.data.begin(), stretch.data.end()), top);
  // Offset keeps the picture: its mean lies near mid-grey, where clip's lies near black.
  double offsetMean = 0, clipMean = 0;
  for (std::size_t i = 0; i < offset.data.size(); ++i) offsetMean += offset.data[i], clipMean += clip.data[i];
  offsetMean /= double(offset.data.size());
  clipMean /= double(clip.data.size());
  EXPECT_NEAR(offsetMean, midLevel(depth), 0.05 * top);
  EXPECT_GT(offsetMean, 2 * clipMean);
  // Clip is the filter's output as it was before range modes.
  FilterSpec spec;
  spec.base.kind = FilterKind::HighPass;
  spec.base.cutoff = 0.1;
  EXPECT_EQ(clip.data, filterImage(stripes(depth), spec).filtered.data);
}

INSTANTIATE_TEST_SUITE_P(Depths, EachDepth, ::testing::Values(8, 16));

TEST(OutputRange, FlatResultStretchesToItself) {
  FilteredSamples flat{test::makeImage(4, 3, 1, 8, [](int, int, int) { return 7.25f; }), 0, 255};
  const Image out = mapOutputRange(flat, OutputRange::Stretch);
  for (float v : out.data) EXPECT_EQ(v, 7.0f);
}

class FloatTiff : public ::testing::TestWithParam<int> {};

TEST_P(FloatTiff, KeepsTheExactValues) {
  const int channels = GetParam();
  const FilteredSamples raw = highPass(stripes(8, channels));
  const std::vector<float> before = raw.image.data;
  const auto path = test::scratchFolder() / "float.tif";
  writeFilteredImage(raw, OutputRange::Float, path);
  EXPECT_EQ(raw.image.data, before);  // the result on screen is untouched by saving
  const cv::Mat back = cv::imread(path.string(), cv::IMREAD_UNCHANGED);
  ASSERT_EQ(back.depth(), CV_32F);
  ASSERT_EQ(back.channels(), channels);
  ASSERT_EQ(back.cols, raw.image.width);
  ASSERT_EQ(back.rows, raw.image.height);
  for (int y = 0; y < back.rows; ++y)
    for (int x = 0; x < back.cols; ++x)
      for (int c = 0; c < channels; ++c) {
        const int stored = channels == 3 ? 2 - c : c;  // OpenCV keeps BGR
        const float expected = raw.image.data[(std::size_t(y) * raw.image.width + x) * channels + c];
        ASSERT_EQ(back.ptr<float>(y)[x * channels + stored], expected) << x << "," << y << "," << c;
      }
}

INSTANTIATE_TEST_SUITE_P(GreyAndColour, FloatTiff, ::testing::Values(1, 3));

TEST(OutputRange, FloatRefusesAPng) {
  const FilteredSamples raw = highPass(stripes(8));
  const auto path = test::scratchFolder() / "float.png";
  const std::string message = test::errorMessage([&] { writeFilteredImage(raw, OutputRange::Float, path); });
  EXPECT_NE(message.find(".tif"), std::string::npos) << message;
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace fftscope::imaging
