// The index maths of a Stockham stage, exactly as kernels/stockham.cl and kernels/local_fft.cl
// index memory, and the stages each kind of pass performs. Nothing else in core/graph knows how
// a pass indexes memory. Generic over the radix R (no power of two assumed).
//
// Legend: N = points, M = points of one sub-transform (N for a global pass), S = N/M
// sub-transforms, R = radix, p = sub-sequence length before the stage, W = M/R butterflies per
// sub-transform, g = butterfly over the whole row (g = s·W + i), s = sub-transform, i = butterfly
// inside it, k = i mod p, m = input slot, q = output slot.
//   reads  element i + m·W of sub-transform s,
//   writes element (i − k)·R + k + m·p of sub-transform s,
//   twiddles input m by w(m·k, R·p).
// Element e of sub-transform s lives at s·M + e, except where local_fft reads global memory:
// there it is at s + e·S (the sub-transforms are interleaved in the input row).
#pragma once

#include "engine/planning/PassPlan.h"
#include "graph/FlowGraph.h"

#include <cstddef>
#include <vector>

namespace fftscope::graph {

struct StockhamStage {
  std::size_t points = 0;         // N
  int radix = 2;                  // R
  std::size_t p = 1;
  std::size_t subTransforms = 1;  // S
  bool readInterleaved = false;   // element e of sub-transform s read at s + e·S
  std::size_t subPoints() const { return points / subTransforms; }                       // M
  std::size_t butterflies() const { return points / static_cast<std::size_t>(radix); }  // N/R
  std::size_t butterfliesPerSub() const { return subPoints() / static_cast<std::size_t>(radix); }  // W
};

std::size_t kOf(const StockhamStage& stage, std::size_t g);
std::size_t inputIndex(const StockhamStage& stage, std::size_t g, int m);
std::size_t outputIndex(const StockhamStage& stage, std::size_t g, int m);
// w(m·k, R·p), with the same angle over N.
Twiddle stageTwiddle(const StockhamStage& stage, std::size_t g, int m);

// The stages one launch performs over a row of pass.length points: one for a Stockham pass; for
// local_fft, radix R while p·R <= M, then the tail radix (as local_fft.cl and TwiddleTable.cpp).
// Throws std::invalid_argument for passes that transform nothing (transpose, copy).
std::vector<StockhamStage> stagesOf(const PassInfo& pass);

}  // namespace fftscope::graph
