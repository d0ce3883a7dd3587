// Mask formulas at chosen bins against values worked out by hand.
#include "imaging/Mask.h"

#include "imaging/FilterResponse.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace fftscope::imaging {
namespace {

constexpr int kRows = 64, kCols = 64;

// The mask value at signed bin indices (kx, ky) of a 64 x 64 spectrum.
float at(const Mask& mask, int kx, int ky) {
  const int x = (kx + mask.cols) % mask.cols, y = (ky + mask.rows) % mask.rows;
  return mask.values[std::size_t(y) * std::size_t(mask.cols) + std::size_t(x)];
}

FilterSpec base(FilterKind kind, FilterShape shape, double cutoff, double upper = 0.2, int order = 2) {
  FilterSpec spec;
  spec.base = BaseFilter{kind, shape, cutoff, upper, order};
  return spec;
}

TEST(FilterResponse, LowPassShapes) {
  EXPECT_NEAR(lowPassResponse(FilterShape::Gaussian, 0.1, 0.1, 0), 0.6065306597, 1e-9);  // exp(-1/2)
  EXPECT_NEAR(lowPassResponse(FilterShape::Butterworth, 0.2, 0.1, 2), 1.0 / 17.0, 1e-12);
  EXPECT_NEAR(lowPassResponse(FilterShape::Butterworth, 0.1, 0.1, 5), 0.5, 1e-12);
  EXPECT_EQ(lowPassResponse(FilterShape::Ideal, 0.1, 0.1, 0), 1.0);
  EXPECT_EQ(lowPassResponse(FilterShape::Ideal, 0.1001, 0.1, 0), 0.0);
}

// Bin (kx, ky) = (-8, 6): f = sqrt(0.125^2 + 0.09375^2) = 0.15625.
TEST(Mask, GaussianLowAndHighPass) {
  const Mask low = buildMask(kRows, kCols, base(FilterKind::LowPass, FilterShape::Gaussian, 0.125));
  EXPECT_NEAR(at(low, 8, 0), 0.6065306597, 1e-6);    // f = fc: exp(-1/2)
  EXPECT_NEAR(at(low, -8, 6), 0.4578333617, 1e-6);   // exp(-0.15625^2 / (2 * 0.125^2)) = exp(-0.78125)
  EXPECT_EQ(at(low, 0, 0), 1.0f);
  const Mask high = buildMask(kRows, kCols, base(FilterKind::HighPass, FilterShape::Gaussian, 0.125));
  EXPECT_NEAR(at(high, -8, 6), 1.0 - 0.4578333617, 1e-6);
  EXPECT_EQ(at(high, 0, 0), 0.0f);
}

// Gonzalez & Woods' band-reject and band-pass, the band [0.1, 0.2] as D0 = 0.15, W = 0.1, at
// f = 0.15625: D^2 - D0^2 = 0.0019140625, D W = 0.015625.
TEST(Mask, ButterworthBandPassAndStop) {
  // n = 1: 1 / (1 + (0.015625 / 0.0019140625)^2) = 1 / (1 + 8.163265306^2).
  const double reject = 0.014784391721725862;
  const Mask stop = buildMask(kRows, kCols, base(FilterKind::BandStop, FilterShape::Butterworth, 0.1, 0.2, 1));
  EXPECT_NEAR(at(stop, -8, 6), reject, 1e-7);
  const Mask pass = buildMask(kRows, kCols, base(FilterKind::BandPass, FilterShape::Butterworth, 0.1, 0.2, 1));
  EXPECT_NEAR(at(pass, -8, 6), 1.0 - reject, 1e-7);
  EXPECT_EQ(at(stop, 0, 0), 1.0f);  // DC passes a band-stop
  EXPECT_EQ(at(pass, 0, 0), 0.0f);
}

TEST(Mask, GaussianBandStopIsZeroOnTheCentreRing) {
  // 1 - exp(-(0.0019140625 / 0.015625)^2) = 1 - exp(-0.1225^2).
  const Mask stop = buildMask(kRows, kCols, base(FilterKind::BandStop, FilterShape::Gaussian, 0.1, 0.2));
  EXPECT_NEAR(at(stop, -8, 6), 0.014894217327319437, 1e-7);
  // D0 = (0.125 + 0.25) / 2 = 0.1875 = 12 bins: the ring through D0 is removed entirely.
  const Mask ring = buildMask(kRows, kCols, base(FilterKind::BandStop, FilterShape::Gaussian, 0.125, 0.25));
  EXPECT_EQ(at(ring, 12, 0), 0.0f);
  EXPECT_EQ(at(ring, 0, -12), 0.0f);
  EXPECT_EQ(at(ring, 0, 0), 1.0f);
}

TEST(Mask, IdealBandPassEdges) {
  // Reject where D0 - W/2 <= D <= D0 + W/2, that is f1 <= D <= f2: band-pass keeps both edges.
  const Mask pass = buildMask(kRows, kCols, base(FilterKind::BandPass, FilterShape::Ideal, 0.125, 0.25));
  EXPECT_EQ(at(pass, 7, 0), 0.0f);
  EXPECT_EQ(at(pass, 8, 0), 1.0f);   // f = f1
  EXPECT_EQ(at(pass, 9, 0), 1.0f);
  EXPECT_EQ(at(pass, 16, 0), 1.0f);  // f = f2
  EXPECT_EQ(at(pass, 17, 0), 0.0f);
  const Mask stop = buildMask(kRows, kCols, base(FilterKind::BandStop, FilterShape::Ideal, 0.125, 0.25));
  EXPECT_EQ(at(stop, 8, 0), 0.0f);
  EXPECT_EQ(at(stop, 16, 0), 0.0f);
  EXPECT_EQ(at(stop, 17, 0), 1.0f);
}

TEST(Mask, SoftNotchAndItsTwin) {
  FilterSpec spec;
  spec.notches.push_back({0.25, 0.125, 0.03125, NotchEdge::Soft});
  const Mask mask = buildMask(kRows, kCols, spec);
  EXPECT_EQ(at(mask, 16, 8), 0.0f);
  EXPECT_EQ(at(mask, -16, -8), 0.0f);               // twin
  EXPECT_NEAR(at(mask, 18, 8), 0.5, 1e-6);          // d = r: 1 - 2^-1
  EXPECT_NEAR(at(mask, -16, -9), 1.0 - std::exp2(-0.25), 1e-6);  // d = r / 2
  EXPECT_EQ(at(mask, 0, 0), 1.0f);
  EXPECT_NEAR(at(mask, 16, 8 + 8), 1.0 - std::exp2(-16.0), 1e-7);  // 4 radii away
}

TEST(Mask, HardNotchAndProductOfNotches) {
  FilterSpec spec = base(FilterKind::LowPass, FilterShape::Gaussian, 0.125);
  spec.notches.push_back({0.25, 0.125, 0.03125, NotchEdge::Hard});
  spec.notches.push_back({-0.125, 0.0, 0.03125, NotchEdge::Soft});
  const Mask mask = buildMask(kRows, kCols, spec);
  EXPECT_EQ(at(mask, 18, 8), 0.0f);  // d = r is inside a hard notch
  EXPECT_NEAR(at(mask, 19, 8), std::exp(-(19.0 * 19 + 64) / 4096.0 / (2 * 0.015625)), 1e-6);
  // Base x soft notch: bin (-7, 0) at distance r/2 from (-0.125, 0): exp(-(7/64)^2 / 0.03125) x (1 - 2^-0.25).
  EXPECT_NEAR(at(mask, -7, 0), std::exp(-49.0 / 4096.0 / 0.03125) * (1.0 - std::exp2(-0.25)), 1e-6);
  EXPECT_NEAR(at(mask, 7, 0), at(mask, -7, 0), 1e-7);  // its twin
}

TEST(Mask, StrokesKeepAndRemoveInOrder) {
  FilterSpec spec = base(FilterKind::LowPass, FilterShape::Ideal, 0.1);
  spec.strokes.push_back({0.25, 0.0, 0.02, StrokeAction::Keep});     // beyond the cutoff
  spec.strokes.push_back({0.046875, 0.0, 0.02, StrokeAction::Remove});  // inside the pass band
  const Mask mask = buildMask(kRows, kCols, spec);
  EXPECT_EQ(at(mask, 16, 0), 1.0f);
  EXPECT_EQ(at(mask, -16, 0), 1.0f);
  EXPECT_EQ(at(mask, 17, 0), 1.0f);  // 1/64 = 0.0156 from the centre
  EXPECT_EQ(at(mask, 18, 0), 0.0f);  // 2/64 = 0.031 from the centre: outside the stroke, beyond the cutoff
  EXPECT_EQ(at(mask, 3, 0), 0.0f);
  EXPECT_EQ(at(mask, -3, 0), 0.0f);
  EXPECT_EQ(at(mask, 5, 0), 1.0f);

  spec.strokes.push_back({0.046875, 0.0, 0.01, StrokeAction::Keep});  // the later stroke wins
  EXPECT_EQ(at(buildMask(kRows, kCols, spec), 3, 0), 1.0f);
}

TEST(Mask, IsConjugateSymmetricSoTheOutputIsReal) {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> frequency(-0.5, 0.5), radius(0.005, 0.05);
  FilterSpec spec = base(FilterKind::BandStop, FilterShape::Butterworth, 0.1, 0.3, 3);
  for (int i = 0; i < 6; ++i) {
    spec.notches.push_back({frequency(random), frequency(random), radius(random), i % 2 ? NotchEdge::Hard : NotchEdge::Soft});
    spec.strokes.push_back({frequency(random), frequency(random), radius(random), i % 2 ? StrokeAction::Keep : StrokeAction::Remove});
  }
  const Mask mask = buildMask(32, 128, spec);
  float worst = 0.0f;
  for (int ky = -16; ky < 16; ++ky)
    for (int kx = -64; kx < 64; ++kx) worst = std::max(worst, std::abs(at(mask, kx, ky) - at(mask, -kx, -ky)));
  EXPECT_LE(worst, 1e-6f);
}

// The half that the device filters with: bins kx = 0 .. cols/2 of the full mask, every value the
// same, for even and odd sizes, with notches and strokes near the half's edges and across them.
TEST(Mask, HalfMaskIsTheFullMasksHalf) {
  std::mt19937 random(11);
  std::uniform_real_distribution<double> frequency(-0.5, 0.5), radius(0.005, 0.08);
  FilterSpec spec = base(FilterKind::BandPass, FilterShape::Gaussian, 0.05, 0.3);
  for (int i = 0; i < 8; ++i) {
    spec.notches.push_back({frequency(random), frequency(random), radius(random), i % 2 ? NotchEdge::Hard : NotchEdge::Soft});
    spec.strokes.push_back({frequency(random), frequency(random), radius(random), i % 3 ? StrokeAction::Remove : StrokeAction::Keep});
  }
  spec.strokes.push_back({0.5, 0.1, 0.05, StrokeAction::Remove});  // across the Nyquist column
  spec.strokes.push_back({0.0, 0.3, 0.04, StrokeAction::Keep});    // across column 0
  for (auto [rows, cols] : {std::pair{32, 128}, {33, 127}, {16, 9}, {9, 16}, {1, 6}, {7, 1}}) {
    const Mask full = buildMask(rows, cols, spec);
    const std::vector<float> half = buildHalfMask(rows, cols, spec);
    const int width = cols / 2 + 1;
    ASSERT_EQ(half.size(), std::size_t(rows) * std::size_t(width));
    std::size_t differing = 0;
    for (int y = 0; y < rows; ++y)
      for (int x = 0; x < width; ++x)
        differing += half[std::size_t(y) * width + x] != full.values[std::size_t(y) * cols + x];
    EXPECT_EQ(differing, 0u) << rows << " x " << cols;
  }
  EXPECT_THROW(buildHalfMask(0, 8, FilterSpec{}), std::invalid_argument);
}

TEST(Mask, RefusesBadSpecs) {
  EXPECT_THROW(buildMask(8, 8, base(FilterKind::LowPass, FilterShape::Gaussian, 0.0)), std::invalid_argument);
  EXPECT_THROW(buildMask(8, 8, base(FilterKind::BandPass, FilterShape::Gaussian, 0.3, 0.2)), std::invalid_argument);
  EXPECT_THROW(buildMask(8, 8, base(FilterKind::LowPass, FilterShape::Butterworth, 0.1, 0.2, 0)), std::invalid_argument);
  FilterSpec spec;
  spec.notches.push_back({0.1, 0.1, -1.0, NotchEdge::Soft});
  EXPECT_THROW(buildMask(8, 8, spec), std::invalid_argument);
  EXPECT_THROW(buildMask(0, 8, FilterSpec{}), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::imaging
