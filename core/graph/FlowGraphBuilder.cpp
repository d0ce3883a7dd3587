#include "graph/FlowGraphBuilder.h"

#include <numeric>
#include <stdexcept>
#include <string>

namespace fftscope::graph {

Column stockhamColumn(const StockhamStage& stage) {
  Column column;
  column.radix = stage.radix;
  column.p = stage.p;
  column.subTransforms = stage.subTransforms;
  const auto r = static_cast<std::uint64_t>(stage.radix);
  const std::uint64_t n = stage.points;
  column.butterflies.reserve(stage.butterflies());
  column.edges.reserve(stage.butterflies() * r * r);
  for (std::size_t g = 0; g < stage.butterflies(); ++g) {
    Butterfly b;
    b.i = g % stage.butterfliesPerSub();
    b.k = kOf(stage, g);
    for (int m = 0; m < stage.radix; ++m) {
      b.inputs.push_back(inputIndex(stage, g, m));
      b.outputs.push_back(outputIndex(stage, g, m));
      b.twiddles.push_back(stageTwiddle(stage, g, m));
    }
    // Input m reaches output q with w(m·k, R·p)·w(m·q, R) = w(m·(k + q·p), R·p).
    for (int m = 0; m < stage.radix; ++m)
      for (int q = 0; q < stage.radix; ++q) {
        Edge e;
        e.from = b.inputs[m];
        e.to = b.outputs[q];
        e.m = m;
        e.q = q;
        e.butterfly = g;
        e.twiddle = b.twiddles[m];
        const std::uint64_t exponent = static_cast<std::uint64_t>(m) * (b.k + static_cast<std::uint64_t>(q) * stage.p);
        e.weightOverN = exponent * (n / (r * stage.p)) % n;
        column.edges.push_back(e);
      }
    column.butterflies.push_back(std::move(b));
  }
  return column;
}

FlowGraph buildFlowGraph(const PlanDescription& description, const DeviceLimits& limits) {
  return buildFlowGraph(description, planPasses(description, limits));
}

FlowGraph buildFlowGraph(const PlanDescription& d, const std::vector<PassInfo>& passes) {
  validateShape(d);  // the passes say how; any radix the planner may use is welcome
  if (d.dimensions != 1) throw std::invalid_argument("the flow graph is drawn for 1D transforms");
  if (d.points() < 2) throw std::invalid_argument("the flow graph needs at least 2 points");
  if (d.points() > kMaxGraphPoints)
    throw std::invalid_argument("the flow graph is drawn for at most " + std::to_string(kMaxGraphPoints) +
                                " points, not " + std::to_string(d.points()) +
                                " (the plan's launches are listed for any size)");
  FlowGraph graph;
  graph.kind = GraphKind::Plan;
  graph.points = d.points();
  graph.direction = d.direction;
  graph.precision = d.precision;
  graph.variant = d.variant;
  graph.inputOrder.resize(graph.points);
  std::iota(graph.inputOrder.begin(), graph.inputOrder.end(), std::size_t{0});
  graph.outputOrder = graph.inputOrder;

  for (std::size_t launch = 0; launch < passes.size(); ++launch) {
    const PassInfo& pass = passes[launch];
    if (pass.length != graph.points)
      throw std::invalid_argument("pass " + std::to_string(launch) + " (" + pass.label() + ") is not over rows of " +
                                  std::to_string(graph.points) + " points");
    const std::vector<StockhamStage> stages = stagesOf(pass);
    for (std::size_t s = 0; s < stages.size(); ++s) {
      Column column = stockhamColumn(stages[s]);
      const bool inLocalMemory = pass.kind == PassKind::Local || pass.kind == PassKind::Grouped;
      column.kind = inLocalMemory ? ColumnKind::LocalStage : ColumnKind::StockhamPass;
      column.launch = launch;
      column.stageInLaunch = s;
      column.stagesInLaunch = stages.size();
      column.kernel = pass.kernelName();
      column.source = pass.source;
      column.destination = pass.destination;
      std::string label = column.kernel;
      if (inLocalMemory)
        label += " stage " + std::to_string(s + 1) + "/" + std::to_string(stages.size()) + " m=" + std::to_string(pass.span);
      label += " r" + std::to_string(column.radix) + " p=" + std::to_string(column.p);
      column.label = label;
      // The launch scales what it writes; the inverse's 1/N is exact in long double.
      if (s + 1 == stages.size() && pass.scale != 1.0f) column.scale = 1.0L / static_cast<long double>(graph.points);
      graph.columns.push_back(std::move(column));
    }
  }
  std::size_t covered = 1;
  for (const Column& column : graph.columns) covered *= static_cast<std::size_t>(column.radix);
  if (covered != graph.points)
    throw std::invalid_argument("the passes' radices multiply to " + std::to_string(covered) + ", not " +
                                std::to_string(graph.points) + " points");
  return graph;
}

}  // namespace fftscope::graph
