// Saving: the filtered image keeps size, channels and depth; the spectrum is an 8-bit RGB PNG;
// the mask a centred 16-bit grey PNG.
#include "imaging/ImageWriter.h"

#include "imaging/ImageReader.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <cmath>

namespace fftscope::imaging {
namespace {

struct RoundTripCase {
  const char* file;
  int channels;
  int bitDepth;
};

class WritesAndReadsBack : public ::testing::TestWithParam<RoundTripCase> {};

TEST_P(WritesAndReadsBack, SameSizeChannelsDepthAndSamples) {
  const RoundTripCase& row = GetParam();
  const float top = maxSampleValue(row.bitDepth);
  const Image image = test::makeImage(33, 17, row.channels, row.bitDepth, [&](int x, int y, int c) {
    return std::fmod(float(x * 977 + y * 131 + c * 7919), top + 1.0f);
  });
  const auto path = test::scratchFolder() / row.file;
  writeImage(image, path);
  const Image back = readImage(path);
  EXPECT_EQ(back.width, image.width);
  EXPECT_EQ(back.height, image.height);
  EXPECT_EQ(back.channels, image.channels);
  EXPECT_EQ(back.bitDepth, image.bitDepth);
  EXPECT_EQ(back.data, image.data);
}

INSTANTIATE_TEST_SUITE_P(Files, WritesAndReadsBack,
                         ::testing::Values(RoundTripCase{"grey16.png", 1, 16}, RoundTripCase{"rgb16.png", 3, 16},
                                           RoundTripCase{"grey16.tif", 1, 16}, RoundTripCase{"rgb16.tiff", 3, 16},
                                           RoundTripCase{"grey8.png", 1, 8}, RoundTripCase{"rgb8.TIF", 3, 8}));

TEST(ImageWriter, RefusesOtherExtensions) {
  const Image image = test::makeImage(2, 2, 1, 8, [](int, int, int) { return 1.0f; });
  const auto path = test::scratchFolder() / "out.jpg";
  EXPECT_EQ(test::errorMessage([&] { writeImage(image, path); }),
            path.string() + ": cannot save as '.jpg' (use .png, .tif or .tiff)");
}

TEST(ImageWriter, SaysWhyItCannotWrite) {
  const Image image = test::makeImage(2, 2, 1, 8, [](int, int, int) { return 1.0f; });
  const std::string message = test::errorMessage([&] { writeImage(image, "/nonexistent/folder/out.png"); });
  EXPECT_EQ(message.rfind("/nonexistent/folder/out.png: cannot write", 0), 0u) << message;
}

TEST(ImageWriter, RgbPngKeepsTheColours) {
  RgbImage picture{3, 2, {255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90}};
  const auto path = test::scratchFolder() / "spectrum.png";
  writeRgbPng(picture, path);
  const Image back = readImage(path);
  ASSERT_EQ(back.channels, 3);
  EXPECT_EQ(back.bitDepth, 8);
  EXPECT_EQ(back.data, std::vector<float>(picture.rgb.begin(), picture.rgb.end()));
}

TEST(ImageWriter, MaskPngIsCentredSixteenBitGrey) {
  Mask mask{4, 8, std::vector<float>(32, 1.0f)};
  mask.values[0] = 0.25f;           // DC
  mask.values[1 * 8 + 2] = 0.0f;    // kx = 2, ky = 1
  const auto path = test::scratchFolder() / "mask.png";
  writeMaskPng(mask, path);
  const cv::Mat back = cv::imread(path.string(), cv::IMREAD_UNCHANGED);
  ASSERT_EQ(back.type(), CV_16UC1);
  ASSERT_EQ(back.rows, 4);
  ASSERT_EQ(back.cols, 8);
  EXPECT_EQ(back.at<std::uint16_t>(2, 4), 16384);  // DC at (cols / 2, rows / 2); 0.25 * 65535 rounded
  EXPECT_EQ(back.at<std::uint16_t>(3, 6), 0);
  EXPECT_EQ(back.at<std::uint16_t>(0, 0), 65535);
}

}  // namespace
}  // namespace fftscope::imaging
