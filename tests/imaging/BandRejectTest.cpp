// Gonzalez & Woods' band-reject and band-pass filters (Digital Image Processing, 4th ed., 4.10),
// written here from their centre D0 and width W, against the mask's formulas on the two cutoffs
// f1 = D0 - W/2, f2 = D0 + W/2, at many distances D.
#include "imaging/FilterResponse.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace fftscope::imaging {
namespace {

double textbookReject(FilterShape shape, double d, double d0, double w, int n) {
  switch (shape) {
    case FilterShape::Ideal: return d0 - w / 2 <= d && d <= d0 + w / 2 ? 0.0 : 1.0;
    case FilterShape::Butterworth: return 1.0 / (1.0 + std::pow(d * w / (d * d - d0 * d0), 2 * n));
    case FilterShape::Gaussian: return 1.0 - std::exp(-std::pow((d * d - d0 * d0) / (d * w), 2));
  }
  return NAN;
}

double db(double gain) { return 20.0 * std::log10(gain); }

struct Band {
  double d0, w;
};

TEST(BandReject, FollowsGonzalezAndWoodsAtManyDistances) {
  // Centres and widths whose edges are exact in binary, so that the ideal edges compare exactly.
  const Band bands[] = {{0.1875, 0.125}, {0.25, 0.0625}, {0.125, 0.25}, {0.3125, 0.375}};
  int compared = 0;
  for (const Band& b : bands)
    for (const FilterShape shape : {FilterShape::Ideal, FilterShape::Gaussian, FilterShape::Butterworth})
      for (const int n : {1, 2, 4, 9}) {
        BaseFilter stop{FilterKind::BandStop, shape, b.d0 - b.w / 2, b.d0 + b.w / 2, n};
        BaseFilter pass = stop;
        pass.kind = FilterKind::BandPass;
        for (int i = 1; i <= 1400; ++i) {
          const double d = 0.0005 * i;  // to 0.7, the spectrum's corner
          if (d == b.d0) continue;      // the centre, where the textbook's quotients divide by 0
          const double reject = textbookReject(shape, d, b.d0, b.w, n);
          const std::string where = "D0 " + std::to_string(b.d0) + " W " + std::to_string(b.w) + " shape " +
                                    std::to_string(int(shape)) + " n " + std::to_string(n) + " D " + std::to_string(d);
          if (shape == FilterShape::Ideal) {
            ASSERT_EQ(baseFilterResponse(stop, d), reject) << where;
            ASSERT_EQ(baseFilterResponse(pass, d), 1.0 - reject) << where;
            continue;
          }
          // Within 0.1 dB wherever either is above -60 dB (pass bands and transitions), and
          // equal to 1e-12 everywhere.
          ASSERT_NEAR(baseFilterResponse(stop, d), reject, 1e-12) << where;
          ASSERT_NEAR(baseFilterResponse(pass, d), 1.0 - reject, 1e-12) << where;
          if (reject > 1e-3) {
            ASSERT_NEAR(db(baseFilterResponse(stop, d)), db(reject), 0.1) << where;
          }
          if (1.0 - reject > 1e-3) {
            ASSERT_NEAR(db(baseFilterResponse(pass, d)), db(1.0 - reject), 0.1) << where;
          }
          ++compared;
        }
      }
  EXPECT_GT(compared, 40000);
}

TEST(BandReject, RemovesTheCentreRingAndKeepsDc) {
  for (const FilterShape shape : {FilterShape::Ideal, FilterShape::Gaussian, FilterShape::Butterworth}) {
    const BaseFilter stop{FilterKind::BandStop, shape, 0.125, 0.25, 3};
    EXPECT_EQ(baseFilterResponse(stop, 0.1875), 0.0) << int(shape);  // D = D0
    EXPECT_EQ(baseFilterResponse(stop, 0.0), 1.0) << int(shape);
    BaseFilter pass = stop;
    pass.kind = FilterKind::BandPass;
    EXPECT_EQ(baseFilterResponse(pass, 0.1875), 1.0) << int(shape);
    EXPECT_EQ(baseFilterResponse(pass, 0.0), 0.0) << int(shape);
  }
  // A narrow band-stop still removes its middle: the product of a low- and a high-pass did not.
  const BaseFilter narrow{FilterKind::BandStop, FilterShape::Butterworth, 0.09, 0.11, 4};
  EXPECT_LT(db(baseFilterResponse(narrow, 0.1)), -100.0);
  EXPECT_LT(db(baseFilterResponse(narrow, 0.0995)), -40.0);
}

TEST(BandReject, ButterworthEdgesFollowTheTextbook) {
  // At D = D0 + W/2, D W / (D^2 - D0^2) = 2 D / (D + D0), so H = 1 / (1 + (2 D / (D + D0))^(2n)).
  const double f1 = 0.125, f2 = 0.25, d0 = 0.1875;
  for (const int n : {1, 2, 5}) {
    const BaseFilter stop{FilterKind::BandStop, FilterShape::Butterworth, f1, f2, n};
    EXPECT_NEAR(baseFilterResponse(stop, f2), 1.0 / (1.0 + std::pow(2 * f2 / (f2 + d0), 2 * n)), 1e-14);
    EXPECT_NEAR(baseFilterResponse(stop, f1), 1.0 / (1.0 + std::pow(2 * f1 / (f1 + d0), 2 * n)), 1e-14);
  }
}

}  // namespace
}  // namespace fftscope::imaging
