// Matrix-free evaluation: applies a graph's edges, with twiddles computed in long double, to an
// input vector. Gives every boundary of the graph (the CPU reference of each stage and of each
// kernel launch) and the final output in natural order.
#pragma once

#include "graph/FlowGraph.h"

#include <complex>
#include <cstdint>
#include <vector>

namespace fftscope::graph {

using ExactVector = std::vector<std::complex<long double>>;

struct Evaluation {
  // boundaries[0]: the input as the first column reads it (graph.inputOrder applied);
  // boundaries[c + 1]: what column c writes.
  std::vector<ExactVector> boundaries;
  ExactVector output;  // the transform, natural order (graph.outputOrder undone)
};

// w(exponent, over) = exp(sign·2πi·exponent/over) in long double.
std::complex<long double> twiddleValue(std::uint64_t exponent, std::uint64_t over, Direction direction);

// input: N values in natural order (std::invalid_argument for another length).
Evaluation evaluate(const FlowGraph& graph, const ExactVector& input);
// One column applied to a boundary: out[to] += w(weightOverN, N)·in[from], times the scale.
ExactVector evaluateColumn(const FlowGraph& graph, const Column& column, const ExactVector& in);

// The boundary written by the last column of each kernel launch (index into boundaries), in
// launch order: what the device buffer holds after each launch.
std::vector<std::size_t> launchBoundaries(const FlowGraph& graph);

}  // namespace fftscope::graph
