// The image views' display range: auto finds the values an image uses (0.35% saturated), so a
// 16-bit image holding 0..255 spreads over black..white; full is the bit depth's range.
#include "imaging/DisplayRange.h"

#include "TestFiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace fftscope::imaging {
namespace {

TEST(DisplayRange, AutoFindsTheRangeALowRange16BitImageUses) {
  const Image image = test::makeImage(200, 100, 1, 16, [](int x, int y, int) { return float((x + y) % 256); });
  const DisplayRange range = chooseDisplayRange(image, {});
  EXPECT_LE(range.low, 2.0f);
  EXPECT_GE(range.high, 253.0f);
  EXPECT_LE(range.high, 256.0f);
  std::set<int> levels;
  for (unsigned char v : displaySamples(image, range)) levels.insert(v);
  EXPECT_GT(levels.size(), 200u);  // spread over black..white
  // The full 16-bit range shows the same image black.
  const DisplayRange full = chooseDisplayRange(image, {DisplayRangeMode::Full, {}});
  EXPECT_EQ(full.high, 65535.0f);
  const auto bytes = displaySamples(image, full);
  EXPECT_LE(*std::max_element(bytes.begin(), bytes.end()), 1);
}

TEST(DisplayRange, AutoSaturatesAFewOutliers) {
  std::vector<float> samples(10000);
  for (std::size_t i = 0; i < samples.size(); ++i) samples[i] = 1000.0f + float(i % 1000);
  samples[0] = -50000;  // two outliers, 0.02% of the samples: within the 0.35% saturated
  samples[1] = 60000;
  const DisplayRange range = saturatedRange(samples);
  EXPECT_GE(range.low, 990.0f);
  EXPECT_LE(range.low, 1030.0f);
  EXPECT_GE(range.high, 1970.0f);
  EXPECT_LE(range.high, 2010.0f);
}

TEST(DisplayRange, CustomAndFlat) {
  const Image flat = test::makeImage(8, 8, 3, 8, [](int, int, int) { return 77.0f; });
  const DisplayRange range = chooseDisplayRange(flat, {});
  EXPECT_GT(range.high, range.low);  // never empty
  const DisplayRange custom = chooseDisplayRange(flat, {DisplayRangeMode::Custom, {50, 100}});
  EXPECT_EQ(custom.low, 50.0f);
  EXPECT_EQ(custom.high, 100.0f);
  for (unsigned char v : displaySamples(flat, custom)) EXPECT_EQ(v, 138);  // (77 - 50) / 50 * 255
}

}  // namespace
}  // namespace fftscope::imaging
