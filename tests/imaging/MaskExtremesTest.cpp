// Masks at the edges of what a number can say: radii far beyond the spectrum (which overflowed the
// notch's bounding box: a hang, or one bin notched), and values that are not finite.
#include "imaging/Mask.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace fftscope::imaging {
namespace {

FilterSpec notchOnly(double fx, double fy, double radius, NotchEdge edge) {
  FilterSpec spec;
  spec.notches.push_back({fx, fy, radius, edge});
  return spec;
}

struct HugeRadius {
  double radius;
  NotchEdge edge;
};

class MaskHugeRadius : public ::testing::TestWithParam<HugeRadius> {};

// A notch wider than the spectrum removes every bin, in the time one pass over the mask takes.
TEST_P(MaskHugeRadius, RemovesEverythingQuickly) {
  const auto start = std::chrono::steady_clock::now();
  const Mask mask = buildMask(64, 64, notchOnly(0.1, 0.1, GetParam().radius, GetParam().edge));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 1.0);
  EXPECT_LT(*std::max_element(mask.values.begin(), mask.values.end()), 1e-6f);
}

INSTANTIATE_TEST_SUITE_P(Radii, MaskHugeRadius,
                         ::testing::Values(HugeRadius{4e6, NotchEdge::Soft}, HugeRadius{4e6, NotchEdge::Hard},
                                           HugeRadius{1e300, NotchEdge::Soft}, HugeRadius{1e300, NotchEdge::Hard},
                                           HugeRadius{std::numeric_limits<double>::max(), NotchEdge::Hard}));

TEST(MaskExtremes, StrokeWiderThanTheSpectrumCoversIt) {
  FilterSpec spec;
  spec.strokes.push_back({0.2, -0.3, 1e9, StrokeAction::Remove});
  const Mask mask = buildMask(33, 17, spec);
  EXPECT_EQ(*std::max_element(mask.values.begin(), mask.values.end()), 0.0f);
}

TEST(MaskExtremes, RefusesValuesThatAreNotFinite) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (const FilterSpec& spec : {notchOnly(nan, 0.1, 0.05, NotchEdge::Soft), notchOnly(0.1, inf, 0.05, NotchEdge::Soft),
                                 notchOnly(0.1, 0.1, nan, NotchEdge::Soft), notchOnly(0.1, 0.1, inf, NotchEdge::Hard)})
    EXPECT_THROW(buildMask(64, 64, spec), std::invalid_argument);
  FilterSpec stroke;
  stroke.strokes.push_back({nan, 0.0, 0.01, StrokeAction::Keep});
  EXPECT_THROW(buildMask(64, 64, stroke), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::imaging
