// Peak-preserving resampling for drawing, as in Sonic Visualiser's peak-preserving views: an
// output cell (a screen pixel) covers the input positions [edges[j], edges[j + 1]) (input i sits
// at position i) and shows the largest input inside it, so an isolated peak is never skipped
// however many inputs share a pixel; a cell that holds no input (more cells than inputs there)
// shows the input nearest its centre, and a cell wholly beyond the inputs shows none.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace fftscope::signal {

constexpr std::size_t kNoInput = std::numeric_limits<std::size_t>::max();

// The input index each cell shows (kNoInput for none); edges.size() - 1 cells, edges ascending.
std::vector<std::size_t> peakIndices(std::span<const double> values, std::span<const double> edges);
std::vector<std::size_t> peakIndices(std::span<const float> values, std::span<const double> edges);

// A matrix of `cols` columns (row-major) drawn in (rowEdges.size() - 1) x (colEdges.size() - 1)
// cells: the flat input index each cell shows (kNoInput for none), row-major.
std::vector<std::size_t> peakGridIndices(std::span<const float> values, std::size_t cols,
                                         std::span<const double> rowEdges, std::span<const double> colEdges);
// The same over 8-bit keys (a picture's brightness: a quarter of the memory of floats).
std::vector<std::size_t> peakGridIndices(std::span<const std::uint8_t> values, std::size_t cols,
                                         std::span<const double> rowEdges, std::span<const double> colEdges);

}  // namespace fftscope::signal
