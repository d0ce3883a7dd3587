// Frames that come to the device, or leave it, as Y, U, V planes in 4:2:0: with a mask that
// passes everything, what comes out is the frame's own conversion. From planes: blue, green and
// red as swscale's x86 arithmetic gives them (restated here; the video tests hold it against
// swscale itself), sample for sample. To planes: Y of each pixel and U, V of each 2 x 2 block's
// mean by BT.601, within a level. Odd sizes (a last column and row of half blocks), video and
// full range, batches filled in part.
#include "DeviceFixture.h"
#include "imaging/device/DeviceFrameBatch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace fftscope {
namespace {

struct PlanesShape {
  std::size_t width, height, batch, count;
  bool fullRange;
};

std::uint32_t next(std::uint32_t& state) { return state = state * 1664525u + 1013904223u; }

// Planes of smooth luma and chroma with noise, within each range's limits.
std::vector<std::uint8_t> planesOf(const PlanesShape& s, std::size_t f) {
  const FrameLayout layout = FrameLayout::yuv420(s.fullRange);
  std::vector<std::uint8_t> planes(layout.bytes(s.width, s.height, 3));
  std::uint32_t state = 99u + std::uint32_t(f);
  const std::size_t n = s.width * s.height;
  for (std::size_t i = 0; i < planes.size(); ++i) {
    const bool luma = i < n;
    const double base = luma ? 60 + 100 * std::sin(0.3 * double(i % s.width) + double(f)) * 0.5 + 50 : 128;
    const double spread = luma ? 20 : 90;
    const double v = base + spread * (double(next(state) >> 24) / 255.0 - 0.5);
    planes[i] = std::uint8_t(std::clamp(v, s.fullRange ? 0.0 : 16.0, s.fullRange ? 255.0 : 235.0));
  }
  return planes;
}

// Pixel i's blue, green, red from the planes, as swscale's x86 conversion computes them.
std::array<int, 3> toBgr(const std::uint8_t* planes, const PlanesShape& s, std::size_t i) {
  const std::size_t n = s.width * s.height, cw = (s.width + 1) / 2, ch = (s.height + 1) / 2;
  const std::size_t chroma = (i / s.width / 2) * cw + (i % s.width) / 2;
  const int y = 8 * planes[i], u = 8 * (planes[n + chroma] - 128), v = 8 * (planes[n + cw * ch + chroma] - 128);
  const auto high = [](int a, int b) { return (a * b) >> 16; };
  const bool full = s.fullRange;
  const int luma = full ? high(y, 8192) : high(y - 128, 9539);
  return {std::clamp(luma + high(u, full ? 14516 : 16525), 0, 255),
          std::clamp(luma + high(u, full ? -2819 : -3209) + high(v, full ? -5850 : -6660), 0, 255),
          std::clamp(luma + high(v, full ? 11485 : 13075), 0, 255)};
}

class FramePlanes : public ::testing::TestWithParam<PlanesShape> {};

TEST_P(FramePlanes, ComeInAsTheHostConvertsThem) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const PlanesShape s = GetParam();
  DeviceFrameBatch batch(*context, s.width, s.height, 3, s.batch, FrameLayout::yuv420(s.fullRange), {});
  batch.setMask(std::vector<float>(batch.maskBins(), 1.0f));
  ASSERT_EQ(batch.inputBytes(), s.width * s.height + 2 * ((s.width + 1) / 2) * ((s.height + 1) / 2));
  ASSERT_EQ(batch.outputBytes(), s.width * s.height * 3);
  std::vector<std::vector<std::uint8_t>> frames;
  for (std::size_t b = 0; b < s.count; ++b) {
    frames.push_back(planesOf(s, b));
    std::memcpy(batch.input(b), frames.back().data(), batch.inputBytes());
  }
  batch.filter(s.count);
  EXPECT_EQ(batch.lastTimings().uploadBytes, s.count * batch.inputBytes());
  for (std::size_t b = 0; b < s.count; ++b) {
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < s.width * s.height; ++i) {
      const std::array<int, 3> expected = toBgr(frames[b].data(), s, i);
      for (std::size_t c = 0; c < 3; ++c) wrong += batch.output(b)[i * 3 + c] != expected[c];
    }
    EXPECT_EQ(wrong, 0u) << "frame " << b;
  }
}

TEST_P(FramePlanes, GoOutAsBt601OfTheFilteredFrame) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const PlanesShape s = GetParam();
  const FrameLayout out = FrameLayout::yuv420(s.fullRange);
  DeviceFrameBatch batch(*context, s.width, s.height, 3, s.batch, {}, out);
  batch.setMask(std::vector<float>(batch.maskBins(), 1.0f));
  ASSERT_EQ(batch.outputBytes(), out.bytes(s.width, s.height, 3));
  std::vector<std::vector<std::uint8_t>> frames;
  for (std::size_t b = 0; b < s.count; ++b) {
    std::vector<std::uint8_t> frame(s.width * s.height * 3);
    std::uint32_t state = 7u + std::uint32_t(b);
    for (std::uint8_t& sample : frame) sample = std::uint8_t(next(state) >> 24);
    frames.push_back(frame);
    std::memcpy(batch.input(b), frame.data(), batch.inputBytes());
  }
  batch.filter(s.count);
  EXPECT_EQ(batch.lastTimings().downloadBytes, s.count * batch.outputBytes());
  const std::size_t n = s.width * s.height, cw = (s.width + 1) / 2, ch = (s.height + 1) / 2;
  const bool full = s.fullRange;
  for (std::size_t b = 0; b < s.count; ++b) {
    const std::uint8_t* planes = batch.output(b);
    const std::uint8_t* bgr = frames[b].data();
    double worst = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double bl = bgr[3 * i], g = bgr[3 * i + 1], r = bgr[3 * i + 2];
      const double y = full ? 0.299 * r + 0.587 * g + 0.114 * bl : 16 + (65.481 * r + 128.553 * g + 24.966 * bl) / 255;
      worst = std::max(worst, std::abs(planes[i] - std::clamp(y, 0.0, 255.0)));
    }
    for (std::size_t j = 0; j < cw * ch; ++j) {
      double sum[3] = {}, count = 0;
      for (std::size_t dy = 0; dy < 2; ++dy)
        for (std::size_t dx = 0; dx < 2; ++dx) {
          const std::size_t x = 2 * (j % cw) + dx, y = 2 * (j / cw) + dy;
          if (x >= s.width || y >= s.height) continue;
          for (std::size_t c = 0; c < 3; ++c) sum[c] += bgr[3 * (y * s.width + x) + c];
          ++count;
        }
      const double bl = sum[0] / count, g = sum[1] / count, r = sum[2] / count;
      const double u = full ? 128 - 0.168736 * r - 0.331264 * g + 0.5 * bl : 128 + (-37.797 * r - 74.203 * g + 112.0 * bl) / 255;
      const double v = full ? 128 + 0.5 * r - 0.418688 * g - 0.081312 * bl : 128 + (112.0 * r - 93.786 * g - 18.214 * bl) / 255;
      worst = std::max(worst, std::abs(planes[n + j] - std::clamp(u, 0.0, 255.0)));
      worst = std::max(worst, std::abs(planes[n + cw * ch + j] - std::clamp(v, 0.0, 255.0)));
    }
    EXPECT_LE(worst, 1.0) << "frame " << b;
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, FramePlanes,
                         ::testing::Values(PlanesShape{64, 48, 4, 4, false}, PlanesShape{75, 51, 3, 2, false},
                                           PlanesShape{33, 21, 2, 2, true}, PlanesShape{40, 30, 4, 3, true}),
                         [](const auto& info) {
                           const PlanesShape& s = info.param;
                           return std::to_string(s.width) + "x" + std::to_string(s.height) + "_of" +
                                  std::to_string(s.count) + (s.fullRange ? "_full" : "_video");
                         });

TEST(FramePlanes, AreForColourFramesOnly) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  EXPECT_THROW(DeviceFrameBatch(*context, 32, 16, 1, 2, FrameLayout::yuv420(false), {}), std::invalid_argument);
  EXPECT_THROW(DeviceFrameBatch(*context, 32, 16, 1, 2, {}, FrameLayout::yuv420(true)), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope
