// The inside of one R-point DFT block, as radix-2 steps, and a graph with its blocks expanded.
// For R = 2, 4, 8, 16 the steps are those of kernels/common.cl: dft4 pairs (0,2), (1,3) and
// turns the difference of the second pair by w(1, 4) (decimation in frequency); dft8 splits
// even and odd inputs into two dft4 and joins them with w(k, 8) (decimation in time); dft16
// is 4 x 4: dft4 down the columns, w(n2·k1, 16), dft4 across; dft_ct makes 32 and 64 as 8 x 4 and
// 8 x 8 the same way. Other powers of two use the dft8 split recursively (a generic choice: no
// kernel computes them). Other radices are not split: their block is one dense step of R·R
// edges (expanded = false).
//
// Legend: rows are the block's R slots; a step's edge adds w(exponent, R)·in[from] to out[to].
// Rows into the first step are the inputs m (after the pass twiddles), rows out of the last
// step the outputs q.
#pragma once

#include "graph/FlowGraph.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace fftscope::graph {

struct InnerEdge {
  int from = 0;
  int to = 0;
  std::uint64_t exponent = 0;  // over R
};

struct InnerButterfly {
  std::array<int, 2> inputs{};
  std::array<int, 2> outputs{};
};

struct InnerStep {
  std::vector<InnerButterfly> butterflies;  // one dense "butterfly" of R rows when not split
  std::vector<InnerEdge> edges;
};

struct BlockExpansion {
  int radix = 0;
  bool expanded = false;  // true: radix-2 steps; false: one dense step
  std::string how;        // e.g. "common.cl dft16: 4 x 4"
  std::vector<InnerStep> steps;
};

// Throws std::invalid_argument for radix < 2.
BlockExpansion expandBlock(int radix);

// The same graph with every power-of-two block (R > 2) replaced by its radix-2 steps: one column
// per step, values between steps drawn at the rows of the block's outputs. The pass twiddles
// ride on the first step's edges; the column's scale on the last. Evaluates to the same result.
FlowGraph expandBlocks(const FlowGraph& graph);

}  // namespace fftscope::graph
