#include "graph/GraphEvaluation.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace fftscope::graph {
namespace {

// w(e, n) for e = 0 .. n-1, so a column costs one lookup per edge.
std::vector<std::complex<long double>> unitRoots(std::size_t n, Direction direction) {
  std::vector<std::complex<long double>> roots(n);
  for (std::size_t e = 0; e < n; ++e) roots[e] = twiddleValue(e, n, direction);
  return roots;
}

ExactVector applyColumn(const Column& column, const ExactVector& in, const std::vector<std::complex<long double>>& roots) {
  ExactVector out(in.size());
  for (const Edge& e : column.edges) out[e.to] += roots[e.weightOverN] * in[e.from];
  if (column.scale != 1.0L)
    for (auto& v : out) v *= column.scale;
  return out;
}

}  // namespace

std::complex<long double> twiddleValue(std::uint64_t exponent, std::uint64_t over, Direction direction) {
  // The angle is reduced with exact integers first, so large exponents lose nothing.
  const long double twoPi = 6.283185307179586476925286766559005768L;
  const long double angle = twoPi * static_cast<long double>(exponent % over) / static_cast<long double>(over);
  return {std::cos(angle), static_cast<long double>(signOf(direction)) * std::sin(angle)};
}

ExactVector evaluateColumn(const FlowGraph& graph, const Column& column, const ExactVector& in) {
  if (in.size() != graph.points) throw std::invalid_argument("evaluateColumn: wrong length");
  return applyColumn(column, in, unitRoots(graph.points, graph.direction));
}

Evaluation evaluate(const FlowGraph& graph, const ExactVector& input) {
  if (input.size() != graph.points)
    throw std::invalid_argument("evaluate: " + std::to_string(input.size()) + " values for a graph of " +
                                std::to_string(graph.points) + " points");
  const auto roots = unitRoots(graph.points, graph.direction);
  Evaluation result;
  ExactVector first(graph.points);
  for (std::size_t j = 0; j < graph.points; ++j) first[j] = input[graph.inputOrder[j]];
  result.boundaries.push_back(std::move(first));
  for (const Column& column : graph.columns) result.boundaries.push_back(applyColumn(column, result.boundaries.back(), roots));
  result.output.resize(graph.points);
  const ExactVector& last = result.boundaries.back();
  for (std::size_t j = 0; j < graph.points; ++j) result.output[graph.outputOrder[j]] = last[j];
  return result;
}

std::vector<std::size_t> launchBoundaries(const FlowGraph& graph) {
  std::vector<std::size_t> ends;
  for (std::size_t c = 0; c < graph.columns.size(); ++c)
    if (c + 1 == graph.columns.size() || graph.columns[c + 1].launch != graph.columns[c].launch) ends.push_back(c + 1);
  return ends;
}

}  // namespace fftscope::graph
