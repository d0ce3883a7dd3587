// Colour tables against matplotlib's published entries.
#include "imaging/ColourMap.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace fftscope::imaging {
namespace {

struct Entry {
  ColourMap map;
  int index;
  Rgb published;  // matplotlib's entry times 255, rounded
};

class ColourTableEntry : public ::testing::TestWithParam<Entry> {};

TEST_P(ColourTableEntry, WithinTwoLevelsOfMatplotlib) {
  const Entry& e = GetParam();
  const Rgb& ours = colourTable(e.map)[std::size_t(e.index)];
  for (int c = 0; c < 3; ++c) EXPECT_LE(std::abs(int(ours[c]) - int(e.published[c])), 2) << "component " << c;
}

INSTANTIATE_TEST_SUITE_P(
    Published, ColourTableEntry,
    ::testing::Values(Entry{ColourMap::Viridis, 0, {68, 1, 84}}, Entry{ColourMap::Viridis, 100, {42, 118, 142}},
                      Entry{ColourMap::Viridis, 128, {33, 145, 140}}, Entry{ColourMap::Viridis, 255, {253, 231, 37}},
                      Entry{ColourMap::Magma, 0, {0, 0, 4}}, Entry{ColourMap::Magma, 200, {253, 152, 105}},
                      Entry{ColourMap::Magma, 255, {252, 253, 191}}, Entry{ColourMap::Inferno, 50, {64, 10, 103}},
                      Entry{ColourMap::Inferno, 255, {252, 255, 164}}));

TEST(ColourTable, EndsAreExact) {
  EXPECT_EQ(colourTable(ColourMap::Viridis)[0], (Rgb{68, 1, 84}));
  EXPECT_EQ(colourTable(ColourMap::Viridis)[255], (Rgb{253, 231, 37}));
  EXPECT_EQ(colourTable(ColourMap::Inferno)[0], (Rgb{0, 0, 4}));
}

TEST(ColourTable, GreyIsTheIdentity) {
  for (int i = 0; i < 256; ++i) EXPECT_EQ(colourTable(ColourMap::Grey)[std::size_t(i)], (Rgb{std::uint8_t(i), std::uint8_t(i), std::uint8_t(i)}));
}

TEST(ColourTable, PerceptualMapsGetBrighterAllTheWay) {
  for (ColourMap map : {ColourMap::Viridis, ColourMap::Magma, ColourMap::Inferno}) {
    const ColourTable& t = colourTable(map);
    const auto luma = [&](int i) { return 0.2126 * t[i][0] + 0.7152 * t[i][1] + 0.0722 * t[i][2]; };
    for (int i = 4; i < 256; i += 4) EXPECT_GT(luma(i), luma(i - 4)) << "entry " << i;
  }
}

}  // namespace
}  // namespace fftscope::imaging
