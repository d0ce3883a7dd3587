// Peak-preserving resampling: an isolated peak among 512 bins drawn in 240 cells is kept by the
// cell that covers it; zoomed in, each cell shows its nearest input; cells beyond the inputs show
// none; a matrix keeps a single bright cell whatever the grid.
#include "signal/PeakDownsample.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace fftscope::signal {
namespace {

// Cells of equal width spanning input positions [from, to).
std::vector<double> evenEdges(double from, double to, std::size_t cells) {
  std::vector<double> edges(cells + 1);
  for (std::size_t j = 0; j <= cells; ++j) edges[j] = from + (to - from) * double(j) / double(cells);
  return edges;
}

TEST(PeakDownsample, EveryIsolatedPeakOfFiveHundredTwelveBinsSurvivesTwoHundredFortyCells) {
  const std::vector<double> edges = evenEdges(-0.5, 511.5, 240);
  for (std::size_t peak = 0; peak < 512; ++peak) {
    std::vector<double> levels(512, -100.0);
    levels[peak] = -6.0;
    const std::vector<std::size_t> chosen = peakIndices(levels, edges);
    ASSERT_EQ(chosen.size(), 240u);
    const std::size_t hits = std::size_t(std::count(chosen.begin(), chosen.end(), peak));
    ASSERT_EQ(hits, 1u) << "peak at bin " << peak;
  }
}

TEST(PeakDownsample, ZoomedInEachCellShowsItsNearestInput) {
  const std::vector<float> values = {1.0f, 5.0f, 2.0f, 4.0f};
  // Cells a quarter of an input wide over positions [0.5, 2.5).
  const std::vector<std::size_t> chosen = peakIndices(values, evenEdges(0.5, 2.5, 8));
  const std::vector<std::size_t> expected = {1, 1, 1, 1, 2, 2, 2, 2};
  EXPECT_EQ(chosen, expected);
}

TEST(PeakDownsample, CellsBeyondTheInputsShowNone) {
  const std::vector<float> values = {1.0f, 2.0f, 3.0f};
  const std::vector<std::size_t> chosen = peakIndices(values, std::vector<double>{-3.0, -1.0, 0.7, 5.0, 9.0});
  const std::vector<std::size_t> expected = {kNoInput, 0, 2, kNoInput};
  EXPECT_EQ(chosen, expected);
}

TEST(PeakDownsample, AGridKeepsOneBrightCellWhateverItsSize) {
  const std::size_t rows = 1600, cols = 513;
  std::vector<float> levels(rows * cols, -120.0f);
  const std::size_t brightRow = 777, brightCol = 21;
  levels[brightRow * cols + brightCol] = -6.9f;
  for (const std::size_t outRows : {184u, 900u, 1600u, 2000u})
    for (const std::size_t outCols : {97u, 240u, 513u}) {
      const std::vector<std::size_t> chosen =
          peakGridIndices(levels, cols, evenEdges(-0.5, double(rows) - 0.5, outRows), evenEdges(-0.5, double(cols) - 0.5, outCols));
      ASSERT_EQ(chosen.size(), outRows * outCols);
      float top = -1000.0f;
      for (std::size_t index : chosen) top = std::max(top, levels[index]);
      EXPECT_EQ(top, -6.9f) << outRows << " x " << outCols << " cells";
    }
}

}  // namespace
}  // namespace fftscope::signal
