#include "graph/TextbookGraphs.h"

#include "engine/description/PlanDescription.h"

#include <numeric>
#include <stdexcept>
#include <string>

namespace fftscope::graph {
namespace {

int log2Of(std::size_t n) {
  int l = 0;
  while ((std::size_t{1} << l) < n) ++l;
  return l;
}

// One stage of in-place butterflies on pairs (b + j, b + j + h).
Column textbookColumn(std::size_t n, std::size_t h, bool dit, std::size_t stage, std::size_t stages) {
  Column column;
  column.kind = dit ? ColumnKind::TextbookDit : ColumnKind::TextbookDif;
  column.radix = 2;
  column.p = h;
  column.launch = stage;
  column.kernel = "textbook";
  column.label = std::string(dit ? "DIT" : "DIF") + " stage " + std::to_string(stage + 1) + "/" +
                 std::to_string(stages) + " h=" + std::to_string(h);
  column.placement = dit ? TwiddlePlacement::BeforeDft : TwiddlePlacement::AfterDft;
  for (std::size_t b = 0; b < n; b += 2 * h)
    for (std::size_t j = 0; j < h; ++j) {
      Butterfly fly;
      fly.i = column.butterflies.size();
      fly.k = j;
      fly.inputs = fly.outputs = {b + j, b + j + h};
      const Twiddle none{0, 2 * h, 0};
      const Twiddle w{j, 2 * h, j * (n / (2 * h))};
      fly.twiddles = {none, w};  // DIT: on input 1; DIF: on output 1
      for (int m = 0; m < 2; ++m)
        for (int q = 0; q < 2; ++q) {
          Edge e;
          e.from = fly.inputs[m];
          e.to = fly.outputs[q];
          e.m = m;
          e.q = q;
          e.butterfly = fly.i;
          e.twiddle = fly.twiddles[dit ? m : q];
          e.weightOverN = (e.twiddle.exponentOverN + static_cast<std::uint64_t>(m * q) * (n / 2)) % n;
          column.edges.push_back(e);
        }
      column.butterflies.push_back(std::move(fly));
    }
  return column;
}

FlowGraph textbookGraph(std::size_t n, Direction direction, bool dit) {
  if (n < 2 || !isPowerOfTwo(n))
    throw std::invalid_argument("a textbook radix-2 graph needs a power of two >= 2 points, not " + std::to_string(n));
  FlowGraph graph;
  graph.kind = dit ? GraphKind::TextbookDit : GraphKind::TextbookDif;
  graph.points = n;
  graph.direction = direction;
  graph.variant = Variant::R2;
  const int bits = log2Of(n);
  std::vector<std::size_t> natural(n), reversed(n);
  std::iota(natural.begin(), natural.end(), std::size_t{0});
  for (std::size_t j = 0; j < n; ++j) reversed[j] = reverseBits(j, bits);
  graph.inputOrder = dit ? reversed : natural;
  graph.outputOrder = dit ? natural : reversed;
  for (int s = 0; s < bits; ++s) {
    const std::size_t h = dit ? std::size_t{1} << s : n >> (s + 1);
    graph.columns.push_back(textbookColumn(n, h, dit, static_cast<std::size_t>(s), static_cast<std::size_t>(bits)));
  }
  return graph;
}

}  // namespace

std::size_t reverseBits(std::size_t value, int bits) {
  std::size_t r = 0;
  for (int b = 0; b < bits; ++b) r |= ((value >> b) & 1u) << (bits - 1 - b);
  return r;
}

FlowGraph textbookDitGraph(std::size_t n, Direction direction) { return textbookGraph(n, direction, true); }
FlowGraph textbookDifGraph(std::size_t n, Direction direction) { return textbookGraph(n, direction, false); }

}  // namespace fftscope::graph
