// The textbook in-place radix-2 graphs, for contrast with the engine's Stockham graph:
// decimation in time (bit-reversed input, natural output, twiddle before the butterfly) and
// decimation in frequency (natural input, bit-reversed output, twiddle after it). Same
// FlowGraph structure; each butterfly reads and writes the same two elements.
//
// Legend: h = half the span of a butterfly group (the distance between its two elements),
// j = position inside the group; the twiddle is w(j, 2h). DIT runs h = 1, 2, ..., N/2;
// DIF runs h = N/2, ..., 1.
#pragma once

#include "graph/FlowGraph.h"

#include <cstddef>

namespace fftscope::graph {

// n must be a power of two >= 2 (std::invalid_argument otherwise).
FlowGraph textbookDitGraph(std::size_t n, Direction direction = Direction::Forward);
FlowGraph textbookDifGraph(std::size_t n, Direction direction = Direction::Forward);

// value with its lowest `bits` bits reversed.
std::size_t reverseBits(std::size_t value, int bits);

}  // namespace fftscope::graph
