// Opening images: every format and depth, alpha, EXIF orientation, and refusals that name the
// file and the problem.
#include "imaging/ImageReader.h"

#include "TestFiles.h"

#include <gtest/gtest.h>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <cmath>

namespace fftscope::imaging {
namespace {

using test::Bytes;
using test::errorMessage;

Bytes encode(const cv::Mat& pixels, const std::string& extension, const std::vector<int>& params = {}) {
  std::vector<std::uint8_t> bytes;
  if (!cv::imencode(extension, pixels, bytes, params)) throw std::runtime_error("cannot encode " + extension);
  return bytes;
}

// A test pattern in OpenCV's BGR order; value (x, y, c) as stored, c counted in RGB order.
cv::Mat pattern(int width, int height, int channels, int depth) {
  cv::Mat m(height, width, CV_MAKETYPE(depth, channels));
  const double scale = depth == CV_16U ? 250.0 : 1.0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      for (int c = 0; c < channels; ++c) {
        const double v = (20 + 3 * x + 5 * y + 60 * c) % 250 * scale;
        const int stored = channels == 3 ? 2 - c : c;  // BGR
        if (depth == CV_16U) m.ptr<std::uint16_t>(y)[x * channels + stored] = std::uint16_t(v);
        else m.ptr<std::uint8_t>(y)[x * channels + stored] = std::uint8_t(v);
      }
  return m;
}

double meanAbsDifference(const Image& image, const cv::Mat& bgr) {
  const Image expected = test::makeImage(bgr.cols, bgr.rows, bgr.channels(), 8, [&](int x, int y, int c) {
    const int stored = bgr.channels() == 3 ? 2 - c : c;
    return bgr.depth() == CV_16U ? float(bgr.ptr<std::uint16_t>(y)[x * bgr.channels() + stored])
                                 : float(bgr.ptr<std::uint8_t>(y)[x * bgr.channels() + stored]);
  });
  double sum = 0.0;
  for (std::size_t i = 0; i < image.data.size(); ++i) sum += std::abs(image.data[i] - expected.data[i]);
  return sum / double(image.data.size());
}

struct FormatCase {
  const char* extension;
  int channels;
  int depth;  // CV_8U or CV_16U
  double tolerance;  // mean absolute difference: 0 for lossless formats; JPEG subsamples colour,
                     // but swapped channels would still differ by about 60
  std::vector<int> params;
};

class ReadsFormat : public ::testing::TestWithParam<FormatCase> {};

TEST_P(ReadsFormat, SizeChannelsDepthAndSamples) {
  const FormatCase& row = GetParam();
  const cv::Mat source = pattern(37, 23, row.channels, row.depth);
  const Image image = decodeImage(encode(source, row.extension, row.params), std::string("pattern") + row.extension);
  EXPECT_EQ(image.width, 37);
  EXPECT_EQ(image.height, 23);
  EXPECT_EQ(image.channels, row.channels);
  EXPECT_EQ(image.bitDepth, row.depth == CV_16U ? 16 : 8);
  ASSERT_EQ(image.data.size(), 37u * 23u * std::size_t(row.channels));
  EXPECT_LE(meanAbsDifference(image, source), row.tolerance);
  EXPECT_TRUE(image.notices.empty());
}

INSTANTIATE_TEST_SUITE_P(
    Formats, ReadsFormat,
    ::testing::Values(FormatCase{".png", 1, CV_8U, 0.0, {}}, FormatCase{".png", 3, CV_16U, 0.0, {}},
                      FormatCase{".png", 1, CV_16U, 0.0, {}}, FormatCase{".jpg", 3, CV_8U, 10.0, {cv::IMWRITE_JPEG_QUALITY, 95}},
                      FormatCase{".jpg", 1, CV_8U, 4.0, {cv::IMWRITE_JPEG_QUALITY, 95}},
                      FormatCase{".tiff", 3, CV_16U, 0.0, {}}, FormatCase{".tiff", 1, CV_8U, 0.0, {}},
                      FormatCase{".bmp", 3, CV_8U, 0.0, {}}, FormatCase{".bmp", 1, CV_8U, 0.0, {}},
                      FormatCase{".pgm", 1, CV_16U, 0.0, {}}, FormatCase{".ppm", 3, CV_8U, 0.0, {}},
                      FormatCase{".webp", 3, CV_8U, 0.0, {cv::IMWRITE_WEBP_QUALITY, 101}}));

TEST(ImageReader, ReadsFromDiskUnderItsName) {
  const auto path = test::scratchFolder() / "grey.png";
  test::writeBytes(path, encode(pattern(8, 4, 1, CV_8U), ".png"));
  const Image image = readImage(path);
  EXPECT_EQ(image.width, 8);
  EXPECT_EQ(image.data[1], 23.0f);  // 20 + 3 x
}

TEST(ImageReader, DropsAlphaWithANotice) {
  cv::Mat bgra(4, 5, CV_8UC4, cv::Scalar(10, 20, 30, 128));
  const Image image = decodeImage(encode(bgra, ".png"), "alpha.png");
  EXPECT_EQ(image.channels, 3);
  EXPECT_EQ(image.data[0], 30.0f);  // R first
  EXPECT_EQ(image.data[2], 10.0f);
  ASSERT_EQ(image.notices.size(), 1u);
  EXPECT_EQ(image.notices[0], "alpha channel dropped");
}

TEST(ImageReader, GreyWithAlphaStaysGrey) {
  const Bytes row{100, 255, 101, 255, 102, 255};  // grey, alpha for three pixels
  const Image image = decodeImage(test::handMadePng(3, 2, 4, {row, row}), "grey-alpha.png");
  EXPECT_EQ(image.channels, 1);
  ASSERT_EQ(image.data.size(), 6u);
  EXPECT_EQ(image.data[2], 102.0f);
  EXPECT_EQ(image.notices, std::vector<std::string>{"alpha channel dropped"});
}

TEST(ImageReader, AppliesExifOrientation) {
  // A 40 x 20 JPEG whose EXIF says "rotate 90 degrees clockwise to view" (orientation 6).
  const Bytes jpeg = encode(pattern(40, 20, 3, CV_8U), ".jpg");
  const Bytes app1{0xFF, 0xE1, 0, 34, 'E', 'x', 'i', 'f', 0, 0, 'M', 'M', 0, 0x2a, 0, 0, 0, 8, 0, 1,
                   0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0};
  Bytes withExif(jpeg.begin(), jpeg.begin() + 2);
  withExif.insert(withExif.end(), app1.begin(), app1.end());
  withExif.insert(withExif.end(), jpeg.begin() + 2, jpeg.end());
  const Image image = decodeImage(withExif, "rotated.jpg");
  EXPECT_EQ(image.width, 20);
  EXPECT_EQ(image.height, 40);
  EXPECT_EQ(image.notices, std::vector<std::string>{"rotated to its EXIF orientation"});
}

TEST(ImageReader, RefusesEmptyFile) {
  const auto path = test::scratchFolder() / "empty.png";
  test::writeBytes(path, {});
  const std::string message = errorMessage([&] { readImage(path); });
  EXPECT_NE(message.find(path.string()), std::string::npos) << message;
  EXPECT_NE(message.find("empty"), std::string::npos) << message;
}

TEST(ImageReader, RefusesMissingFile) {
  const std::string message = errorMessage([] { readImage("/nonexistent/folder/photo.png"); });
  EXPECT_NE(message.find("/nonexistent/folder/photo.png: cannot open"), std::string::npos) << message;
}

TEST(ImageReader, RefusesBadMagicNamingWhatItSaw) {
  const Bytes text{'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd'};
  std::string message = errorMessage([&] { decodeImage(text, "notes.png"); });
  EXPECT_NE(message.find("notes.png: unknown format (first bytes 68 65 6c 6c 6f 20 77 6f)"), std::string::npos) << message;
  const Bytes gif{'G', 'I', 'F', '8', '9', 'a', 1, 0, 1, 0};
  message = errorMessage([&] { decodeImage(gif, "anim.gif"); });
  EXPECT_NE(message.find("anim.gif: GIF images are not supported"), std::string::npos) << message;
}

struct TruncationCase {
  const char* extension;
  int channels;
  int depth;
};

class RefusesTruncated : public ::testing::TestWithParam<TruncationCase> {};

TEST_P(RefusesTruncated, HalfAFile) {
  const TruncationCase& row = GetParam();
  cv::Mat noise(64, 64, CV_MAKETYPE(row.depth, row.channels));
  cv::randu(noise, 0, 255);
  Bytes bytes = encode(noise, row.extension);
  bytes.resize(bytes.size() / 2);
  const std::string name = std::string("half") + row.extension;
  const std::string message = errorMessage([&] { decodeImage(bytes, name); });
  EXPECT_EQ(message.rfind(name + ": truncated", 0), 0u) << message;
}

INSTANTIATE_TEST_SUITE_P(Formats, RefusesTruncated,
                         ::testing::Values(TruncationCase{".png", 1, CV_8U}, TruncationCase{".png", 3, CV_16U},
                                           TruncationCase{".jpg", 3, CV_8U}, TruncationCase{".tiff", 1, CV_8U},
                                           TruncationCase{".bmp", 3, CV_8U}, TruncationCase{".pgm", 1, CV_8U},
                                           TruncationCase{".ppm", 3, CV_8U}, TruncationCase{".webp", 3, CV_8U}));

TEST(ImageReader, RefusesPngWithoutIend) {
  Bytes png = test::handMadePng(2, 1, 0, {{1, 2}});
  png.resize(png.size() - 12);  // the IEND chunk
  const std::string message = errorMessage([&] { decodeImage(png, "cut.png"); });
  EXPECT_EQ(message, "cut.png: truncated: the file ends before the IEND chunk (PNG)");
}

TEST(ImageReader, RefusesHugeDeclaredSizeBeforeDecoding) {
  // Headers that declare 100000 x 100000 pixels over a few bytes of data.
  const Bytes png = test::handMadePng(100000, 100000, 0, {{0}});
  std::string message = errorMessage([&] { decodeImage(png, "huge.png"); });
  EXPECT_EQ(message, "huge.png: declares 100000 x 100000 pixels (10000000000), above the limit of 40000000 (PNG)");

  const std::string pgmText = "P5\n# comment\n100000 100000\n255\n";
  message = errorMessage([&] { decodeImage(Bytes(pgmText.begin(), pgmText.end()), "huge.pgm"); });
  EXPECT_NE(message.find("declares 100000 x 100000 pixels"), std::string::npos) << message;

  Bytes bmp = encode(cv::Mat(2, 2, CV_8UC3, cv::Scalar(1, 2, 3)), ".bmp");
  for (int at : {18, 22}) {  // width, height: 100000 = 0x000186a0, little-endian
    bmp[std::size_t(at)] = 0xa0, bmp[std::size_t(at) + 1] = 0x86, bmp[std::size_t(at) + 2] = 0x01, bmp[std::size_t(at) + 3] = 0;
  }
  message = errorMessage([&] { decodeImage(bmp, "huge.bmp"); });
  EXPECT_NE(message.find("declares 100000 x 100000 pixels"), std::string::npos) << message;
}

TEST(ImageReader, PixelLimitIsTheCallers) {
  const Bytes png = encode(pattern(64, 64, 1, CV_8U), ".png");
  const std::string message = errorMessage([&] { decodeImage(png, "small.png", ReadOptions{4095}); });
  EXPECT_NE(message.find("above the limit of 4095"), std::string::npos) << message;
  EXPECT_EQ(decodeImage(png, "small.png", ReadOptions{4096}).width, 64);
}

TEST(ImageReader, RefusesEmptyDeclaredSize) {
  const std::string message = errorMessage([] { decodeImage(test::handMadePng(0, 5, 0, {}), "none.png"); });
  EXPECT_EQ(message, "none.png: declares an empty image (0 x 5) (PNG)");
}

}  // namespace
}  // namespace fftscope::imaging
