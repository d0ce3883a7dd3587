#include "signal/PeakDownsample.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace fftscope::signal {

namespace {

// The inputs [first, last) a cell [a, b) shows from, of n: those inside it, else the nearest one;
// empty when the cell is wholly beyond the inputs.
std::pair<std::size_t, std::size_t> cellInputs(double a, double b, std::size_t n) {
  const double lastPosition = double(n) - 1.0;
  if (n == 0 || !(b > -0.5) || !(a < lastPosition + 0.5) || !(b > a)) return {0, 0};
  const double first = std::clamp(std::ceil(a), 0.0, double(n));
  const double last = std::clamp(std::ceil(b), 0.0, double(n));
  if (first < last) return {std::size_t(first), std::size_t(last)};
  const auto nearest = std::size_t(std::clamp(std::round(0.5 * (a + b)), 0.0, lastPosition));
  return {nearest, nearest + 1};
}

template <class Value>
std::vector<std::size_t> peaksOf(std::span<const Value> values, std::span<const double> edges) {
  const std::size_t cells = edges.size() > 1 ? edges.size() - 1 : 0;
  std::vector<std::size_t> chosen(cells, kNoInput);
  for (std::size_t j = 0; j < cells; ++j) {
    const auto [first, last] = cellInputs(edges[j], edges[j + 1], values.size());
    for (std::size_t i = first; i < last; ++i)
      if (chosen[j] == kNoInput || values[i] > values[chosen[j]]) chosen[j] = i;
  }
  return chosen;
}

template <class Value>
std::vector<std::size_t> gridPeaksOf(std::span<const Value> values, std::size_t cols, std::span<const double> rowEdges,
                                     std::span<const double> colEdges) {
  const std::size_t rows = cols ? values.size() / cols : 0;
  const std::size_t outRows = rowEdges.size() > 1 ? rowEdges.size() - 1 : 0;
  const std::size_t outCols = colEdges.size() > 1 ? colEdges.size() - 1 : 0;
  std::vector<std::pair<std::size_t, std::size_t>> colInputs(outCols);
  for (std::size_t c = 0; c < outCols; ++c) colInputs[c] = cellInputs(colEdges[c], colEdges[c + 1], cols);
  std::vector<std::size_t> chosen(outRows * outCols, kNoInput);
  for (std::size_t r = 0; r < outRows; ++r) {
    const auto [firstRow, lastRow] = cellInputs(rowEdges[r], rowEdges[r + 1], rows);
    for (std::size_t c = 0; c < outCols; ++c) {
      std::size_t& best = chosen[r * outCols + c];
      for (std::size_t i = firstRow; i < lastRow; ++i)
        for (std::size_t k = colInputs[c].first; k < colInputs[c].second; ++k)
          if (best == kNoInput || values[i * cols + k] > values[best]) best = i * cols + k;
    }
  }
  return chosen;
}

}  // namespace

std::vector<std::size_t> peakIndices(std::span<const double> values, std::span<const double> edges) {
  return peaksOf(values, edges);
}

std::vector<std::size_t> peakIndices(std::span<const float> values, std::span<const double> edges) {
  return peaksOf(values, edges);
}

std::vector<std::size_t> peakGridIndices(std::span<const float> values, std::size_t cols,
                                         std::span<const double> rowEdges, std::span<const double> colEdges) {
  return gridPeaksOf(values, cols, rowEdges, colEdges);
}

std::vector<std::size_t> peakGridIndices(std::span<const std::uint8_t> values, std::size_t cols,
                                         std::span<const double> rowEdges, std::span<const double> colEdges) {
  return gridPeaksOf(values, cols, rowEdges, colEdges);
}

}  // namespace fftscope::signal
