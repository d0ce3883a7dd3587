// Median and quartiles on vectors whose answers are known by hand (NumPy's linear interpolation).
#include "bench/Statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace fftscope::bench {
namespace {

TEST(Quartiles, OddCountTakesTheMiddleValues) {
  const Quartiles q = quartiles({5, 1, 4, 2, 3});  // sorted 1 2 3 4 5
  EXPECT_DOUBLE_EQ(q.q1, 2);
  EXPECT_DOUBLE_EQ(q.median, 3);
  EXPECT_DOUBLE_EQ(q.q3, 4);
}

TEST(Quartiles, EvenCountInterpolates) {
  // np.percentile([1, 2, 3, 4], [25, 50, 75]) = 1.75, 2.5, 3.25
  const Quartiles q = quartiles({4, 3, 2, 1});
  EXPECT_DOUBLE_EQ(q.q1, 1.75);
  EXPECT_DOUBLE_EQ(q.median, 2.5);
  EXPECT_DOUBLE_EQ(q.q3, 3.25);
}

TEST(Quartiles, OneValueIsEveryQuartile) {
  const Quartiles q = quartiles({0.125});
  EXPECT_EQ(q.q1, 0.125);
  EXPECT_EQ(q.median, 0.125);
  EXPECT_EQ(q.q3, 0.125);
}

TEST(Quartiles, OutlierMovesNeitherTheMedianNorTheQuartiles) {
  const Quartiles q = quartiles({1, 1, 1, 1, 1, 1, 1, 1000});
  EXPECT_DOUBLE_EQ(q.median, 1);
  EXPECT_DOUBLE_EQ(q.q3, 1);
}

TEST(Quartiles, EmptyInputIsRefused) {
  try {
    quartiles({});
    FAIL() << "no error for an empty vector";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("no measurements"), std::string::npos) << e.what();
  }
}

TEST(Quartiles, NotANumberIsRefused) {
  EXPECT_THROW(quartiles({1, std::numeric_limits<double>::quiet_NaN()}), std::invalid_argument);
  EXPECT_THROW(quartiles({std::numeric_limits<double>::infinity()}), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::bench
