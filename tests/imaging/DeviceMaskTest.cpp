// Masks made on the device from the filter's parameters against the host's buildMask: every
// filter kind and response, notches, strokes, at even and odd sizes, full and half spectra.
#include "DeviceFixture.h"
#include "imaging/device/DeviceMask.h"
#include "imaging/Mask.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <utility>

namespace fftscope::imaging {
namespace {

// The test binary's one context (DeviceFixture.h), so each kernel is built once.
cl::DeviceContext* device() { return fftscope::testing::sharedDevice(); }

#define REQUIRE_FP64_DEVICE()                                                            \
  if (!device()) GTEST_SKIP() << "no OpenCL device";                                     \
  if (!DeviceMask::available(device()->device())) GTEST_SKIP() << "no double precision"

// The largest |device - host| over the first `width` columns of every row.
double worstDifference(const std::vector<float>& onDevice, const Mask& host, int width) {
  EXPECT_EQ(onDevice.size(), std::size_t(host.rows) * std::size_t(width));
  double worst = 0;
  for (int y = 0; y < host.rows; ++y)
    for (int x = 0; x < width; ++x)
      worst = std::max(worst, std::abs(double(onDevice[std::size_t(y) * width + x]) -
                                       double(host.values[std::size_t(y) * host.cols + x])));
  return worst;
}

struct Size {
  int rows, cols;
};

std::string sizeName(const Size& s) { return std::to_string(s.rows) + "x" + std::to_string(s.cols); }

// 50 x 50 puts bins exactly on the default cutoff 0.1 (3-4-5: (0.06, 0.08)), where an ideal
// edge decided in float rather than as the host decides it would flip.
const Size kSizes[] = {{64, 64}, {75, 100}, {9, 15}, {50, 50}, {1, 8}, {7, 1}};

class EveryBaseFilter : public ::testing::TestWithParam<Size> {};

TEST_P(EveryBaseFilter, MatchesTheHostMaskInFullAndHalfSpectra) {
  REQUIRE_FP64_DEVICE();
  const Size size = GetParam();
  DeviceMask mask(*device(), std::size_t(size.rows), std::size_t(size.cols));
  int cases = 0;
  for (FilterKind kind : {FilterKind::AllPass, FilterKind::LowPass, FilterKind::HighPass, FilterKind::BandPass,
                          FilterKind::BandStop})
    for (FilterShape shape : {FilterShape::Ideal, FilterShape::Gaussian, FilterShape::Butterworth})
      for (int order : {1, 2, 7}) {
        if (shape != FilterShape::Butterworth && order != 2) continue;
        FilterSpec spec;
        spec.base = {kind, shape, 0.1, 0.25, order};
        const Mask host = buildMask(size.rows, size.cols, spec);
        const std::string what = "kind " + std::to_string(int(kind)) + " shape " + std::to_string(int(shape)) +
                                 " order " + std::to_string(order);
        EXPECT_LE(worstDifference(mask.values(spec, std::size_t(size.cols)), host, size.cols), 1e-6) << what;
        const int half = size.cols / 2 + 1;
        EXPECT_LE(worstDifference(mask.values(spec, std::size_t(half)), host, half), 1e-6) << what << " (half)";
        ++cases;
      }
  EXPECT_EQ(cases, 5 * 5);
}

INSTANTIATE_TEST_SUITE_P(Sizes, EveryBaseFilter, ::testing::ValuesIn(kSizes),
                         [](const auto& info) { return sizeName(info.param); });

// Gonzalez & Woods' bands: wide and narrow, with bins on both edges and on the centre ring.
class EveryBand : public ::testing::TestWithParam<Size> {};

TEST_P(EveryBand, MatchesTheHostMask) {
  REQUIRE_FP64_DEVICE();
  const Size size = GetParam();
  DeviceMask mask(*device(), std::size_t(size.rows), std::size_t(size.cols));
  const std::pair<double, double> bands[] = {{0.125, 0.25}, {0.09, 0.11}, {0.02, 0.45}, {0.06, 0.14}};
  for (const auto& [f1, f2] : bands)
    for (FilterKind kind : {FilterKind::BandPass, FilterKind::BandStop})
      for (FilterShape shape : {FilterShape::Ideal, FilterShape::Gaussian, FilterShape::Butterworth})
        for (int order : {1, 4}) {
          FilterSpec spec;
          spec.base = {kind, shape, f1, f2, order};
          const Mask host = buildMask(size.rows, size.cols, spec);
          const std::string what = "band " + std::to_string(f1) + " .. " + std::to_string(f2) + " kind " +
                                   std::to_string(int(kind)) + " shape " + std::to_string(int(shape)) + " order " +
                                   std::to_string(order);
          const int half = size.cols / 2 + 1;
          EXPECT_LE(worstDifference(mask.values(spec, std::size_t(half)), host, half), 1e-6) << what;
        }
}

INSTANTIATE_TEST_SUITE_P(Sizes, EveryBand, ::testing::ValuesIn(kSizes),
                         [](const auto& info) { return sizeName(info.param); });

TEST(DeviceMask, BandStopsRemoveTheirCentreRing) {
  REQUIRE_FP64_DEVICE();
  // 64 x 64, the band [0.125, 0.25]: D0 = 0.1875 is bin 12 on each axis.
  DeviceMask mask(*device(), 64, 64);
  for (FilterShape shape : {FilterShape::Ideal, FilterShape::Gaussian, FilterShape::Butterworth}) {
    FilterSpec spec;
    spec.base = {FilterKind::BandStop, shape, 0.125, 0.25, 4};
    const std::vector<float> stop = mask.values(spec, 64);
    spec.base.kind = FilterKind::BandPass;
    const std::vector<float> pass = mask.values(spec, 64);
    for (const std::size_t index : {std::size_t(12), std::size_t(12 * 64), std::size_t(52 * 64)}) {
      EXPECT_EQ(stop[index], 0.0f) << int(shape) << " bin " << index;
      EXPECT_EQ(pass[index], 1.0f) << int(shape) << " bin " << index;
    }
    EXPECT_EQ(stop[0], 1.0f) << int(shape);  // DC
    EXPECT_EQ(pass[0], 0.0f) << int(shape);
  }
}

class NotchesAndStrokes : public ::testing::TestWithParam<Size> {};

TEST_P(NotchesAndStrokes, MatchTheHostMask) {
  REQUIRE_FP64_DEVICE();
  const Size size = GetParam();
  FilterSpec spec;
  spec.base = {FilterKind::BandStop, FilterShape::Butterworth, 0.05, 0.3, 3};
  const double binX = 1.0 / size.cols, binY = 1.0 / size.rows;
  spec.notches = {
      {0.2, 0.1, 0.02, NotchEdge::Soft},
      {-0.3, 0.15, 0.05, NotchEdge::Hard},
      // Its edge passes exactly through bins: (3, 4) bins from the centre, radius 5 bins.
      {8 * binX, 8 * binY, 5 * std::min(binX, binY), NotchEdge::Hard},
      {0.0, 0.0, 0.01, NotchEdge::Hard},      // DC: its own twin
      {0.5, 0.5, 0.03, NotchEdge::Soft},      // Nyquist corner: its own twin
      {0.49, -0.47, 0.04, NotchEdge::Soft},   // wraps around both edges
      {1.2, -3.7, 0.02, NotchEdge::Soft},     // an alias of (0.2, 0.3)
      {0.1, 0.1, 2.0, NotchEdge::Soft},       // reaches over the whole spectrum
      {0.25, 0.0, 0.001, NotchEdge::Hard},    // smaller than a bin
  };
  spec.strokes = {
      {0.2, 0.1, 0.04, StrokeAction::Keep},   // over a notch: keeps what it removed
      {-0.1, -0.2, 0.06, StrokeAction::Remove},
      {0.45, 0.0, 0.1, StrokeAction::Keep},   // across the Nyquist edge
      {0.0, 0.0, 0.02, StrokeAction::Remove},
  };
  const Mask host = buildMask(size.rows, size.cols, spec);
  DeviceMask mask(*device(), std::size_t(size.rows), std::size_t(size.cols));
  EXPECT_LE(worstDifference(mask.values(spec, std::size_t(size.cols)), host, size.cols), 1e-6);
  const int half = size.cols / 2 + 1;
  EXPECT_LE(worstDifference(mask.values(spec, std::size_t(half)), host, half), 1e-6);
  // The disc list went up once; the same list again sends nothing.
  EXPECT_EQ(mask.lastUploadBytes(), 0u);
  spec.strokes.pop_back();
  const Mask fewer = buildMask(size.rows, size.cols, spec);
  EXPECT_LE(worstDifference(mask.values(spec, std::size_t(size.cols)), fewer, size.cols), 1e-6);
  EXPECT_EQ(mask.lastUploadBytes(), maskDiscs(spec, size.rows, size.cols).size() * sizeof(double));
  EXPECT_GT(mask.lastUploadBytes(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Sizes, NotchesAndStrokes, ::testing::ValuesIn(kSizes),
                         [](const auto& info) { return sizeName(info.param); });

TEST(DeviceMask, HugeRadiiCoverTheSpectrumAsOnTheHost) {
  REQUIRE_FP64_DEVICE();
  DeviceMask mask(*device(), 33, 20);
  for (const double radius : {4e6, 1e300, std::numeric_limits<double>::max()})
    for (const NotchEdge edge : {NotchEdge::Soft, NotchEdge::Hard}) {
      FilterSpec spec;
      spec.base = {FilterKind::LowPass, FilterShape::Gaussian, 0.2, 0.3, 2};
      spec.notches.push_back({0.1, 0.1, radius, edge});
      spec.strokes.push_back({0.2, 0.2, radius / 2, StrokeAction::Keep});
      const Mask host = buildMask(33, 20, spec);
      EXPECT_LE(worstDifference(mask.values(spec, 20), host, 20), 1e-6) << radius;
      spec.strokes.clear();
      const Mask notched = buildMask(33, 20, spec);
      const std::vector<float> onDevice = mask.values(spec, 20);
      EXPECT_LE(worstDifference(onDevice, notched, 20), 1e-6) << radius;
      EXPECT_LT(*std::max_element(onDevice.begin(), onDevice.end()), 1e-6f) << radius;  // everything removed
    }
}

TEST(DeviceMask, TheHostsNotchesAndStrokesBecomeDiscsInTheHostsOrder) {
  FilterSpec spec;
  spec.notches = {{0.1, 0.2, 0.01, NotchEdge::Soft}, {0.0, 0.5, 0.01, NotchEdge::Hard}};
  spec.strokes = {{0.3, 0.1, 0.02, StrokeAction::Keep}};
  const std::vector<double> discs = maskDiscs(spec, 64, 64);
  ASSERT_EQ(discs.size(), 5u * 8u);  // a notch and its twin, a notch that is its own twin, a stroke's two sides
  EXPECT_EQ(discs[0], 0.1);
  EXPECT_EQ(discs[8], -0.1);
  EXPECT_EQ(discs[9], -0.2);
  EXPECT_EQ(discs[16 + 1], 0.5);
  EXPECT_EQ(discs[24 + 3], 2.0);  // keep
  EXPECT_EQ(discs[32], -0.3);
}

TEST(DeviceMask, RefusesABadSpecBeforeAnythingIsEnqueued) {
  REQUIRE_FP64_DEVICE();
  DeviceMask mask(*device(), 16, 16);
  FilterSpec spec;
  spec.base.kind = FilterKind::BandPass;
  spec.base.cutoff = 0.3;
  spec.base.upperCutoff = 0.2;
  EXPECT_THROW(mask.values(spec, 16), std::invalid_argument);
  spec.base.upperCutoff = 0.4;
  spec.notches.push_back({std::nan(""), 0.0, 0.1, NotchEdge::Soft});
  EXPECT_THROW(mask.values(spec, 16), std::invalid_argument);
  spec.notches.clear();
  EXPECT_THROW(mask.values(spec, 17), std::invalid_argument);  // wider than the spectrum
  EXPECT_EQ(mask.values(spec, 9).size(), 16u * 9u);
}

}  // namespace
}  // namespace fftscope::imaging
