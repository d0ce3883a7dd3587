// Any size: padding to powers of two (zero, mean, mirror) and cropping back.
#include "imaging/Padding.h"

#include "imaging/FilterPipeline.h"
#include "TestFiles.h"

#include <gtest/gtest.h>

#include <numeric>

namespace fftscope::imaging {
namespace {

std::vector<float> ramp(int width, int height) {
  std::vector<float> plane(std::size_t(width) * std::size_t(height));
  for (std::size_t i = 0; i < plane.size(); ++i) plane[i] = float((i * 37) % 101);
  return plane;
}

TEST(Padding, GeometryCentresTheImage) {
  const PadGeometry g = padGeometry(300, 200);
  EXPECT_EQ(g.paddedWidth, 512);
  EXPECT_EQ(g.paddedHeight, 256);
  EXPECT_EQ(g.offsetX, 106);
  EXPECT_EQ(g.offsetY, 28);
  EXPECT_EQ(padGeometry(64, 1).paddedWidth, 64);
  EXPECT_EQ(padGeometry(64, 1).offsetX, 0);
  EXPECT_THROW(padGeometry(0, 4), std::invalid_argument);
}

struct SizeCase {
  int width;
  int height;
};

class PadsAnySize : public ::testing::TestWithParam<SizeCase> {};

TEST_P(PadsAnySize, MirrorReproducesEdges) {
  const auto [w, h] = GetParam();
  const PadGeometry g = padGeometry(w, h);
  const std::vector<float> plane = ramp(w, h);
  const std::vector<float> padded = padPlane(plane, g, PadMode::Mirror);
  const auto image = [&](int x, int y) { return plane[std::size_t(y) * w + std::size_t(x)]; };
  const auto pad = [&](int px, int py) { return padded[std::size_t(py) * g.paddedWidth + std::size_t(px)]; };
  for (int y = 0; y < h; ++y) {
    for (int i = 0; i < g.offsetX; ++i) ASSERT_EQ(pad(g.offsetX - 1 - i, g.offsetY + y), image(i, y));
    for (int i = 0; g.offsetX + w + i < g.paddedWidth; ++i) ASSERT_EQ(pad(g.offsetX + w + i, g.offsetY + y), image(w - 1 - i, y));
  }
  for (int x = 0; x < w; ++x) {
    for (int i = 0; i < g.offsetY; ++i) ASSERT_EQ(pad(g.offsetX + x, g.offsetY - 1 - i), image(x, i));
    for (int i = 0; g.offsetY + h + i < g.paddedHeight; ++i) ASSERT_EQ(pad(g.offsetX + x, g.offsetY + h + i), image(x, h - 1 - i));
  }
  if (g.offsetX > 0 && g.offsetY > 0) {
    EXPECT_EQ(pad(g.offsetX - 1, g.offsetY - 1), image(0, 0));  // corner
  }
}

TEST_P(PadsAnySize, ZeroAndMeanFill) {
  const auto [w, h] = GetParam();
  const PadGeometry g = padGeometry(w, h);
  const std::vector<float> plane = ramp(w, h);
  const float mean = float(std::accumulate(plane.begin(), plane.end(), 0.0) / double(plane.size()));
  const std::vector<float> zero = padPlane(plane, g, PadMode::Zero);
  const std::vector<float> meanPadded = padPlane(plane, g, PadMode::Mean);
  const double padCount = double(g.paddedWidth) * g.paddedHeight - double(w) * h;
  EXPECT_DOUBLE_EQ(std::accumulate(zero.begin(), zero.end(), 0.0), std::accumulate(plane.begin(), plane.end(), 0.0));
  EXPECT_NEAR(std::accumulate(meanPadded.begin(), meanPadded.end(), 0.0),
              std::accumulate(plane.begin(), plane.end(), 0.0) + padCount * mean, 1e-3 * (padCount + 1.0));
  EXPECT_EQ(meanPadded[0], g.offsetX + g.offsetY > 0 ? mean : plane[0]);
}

TEST_P(PadsAnySize, CropRestoresThePlane) {
  const auto [w, h] = GetParam();
  const PadGeometry g = padGeometry(w, h);
  const std::vector<float> plane = ramp(w, h);
  for (PadMode mode : {PadMode::Zero, PadMode::Mean, PadMode::Mirror})
    EXPECT_EQ(cropPlane(padPlane(plane, g, mode), g), plane);
}

TEST_P(PadsAnySize, AllPassFilterGivesTheInputBackInItsSize) {
  const auto [w, h] = GetParam();
  const Image image = test::makeImage(w, h, 3, 16, [](int x, int y, int c) { return float((x * 911 + y * 277 + c * 5000) % 65536); });
  for (PadMode mode : {PadMode::Zero, PadMode::Mean, PadMode::Mirror}) {
    const FilterResult result = filterImage(image, FilterSpec{}, mode, ChannelMode::PerChannel);
    EXPECT_EQ(result.filtered.width, w);
    EXPECT_EQ(result.filtered.height, h);
    EXPECT_EQ(result.filtered.channels, 3);
    EXPECT_EQ(result.filtered.bitDepth, 16);
    EXPECT_EQ(result.filtered.data, image.data);
    EXPECT_EQ(result.mask.cols, nextPowerOfTwo(w));
    EXPECT_EQ(result.mask.rows, nextPowerOfTwo(h));
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, PadsAnySize,
                         ::testing::Values(SizeCase{1, 1}, SizeCase{3, 5}, SizeCase{64, 64}, SizeCase{300, 200},
                                           SizeCase{33, 129}));

}  // namespace
}  // namespace fftscope::imaging
