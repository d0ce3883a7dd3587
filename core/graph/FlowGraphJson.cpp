#include "graph/FlowGraphJson.h"

#include "engine/planning/PassPlan.h"

namespace fftscope::graph {
namespace {

nlohmann::json twiddleJson(const Twiddle& t) {
  return {{"exponent", t.exponent}, {"over", t.over}, {"overN", t.exponentOverN}};
}

nlohmann::json columnJson(const Column& c, std::size_t index) {
  nlohmann::json butterflies = nlohmann::json::array();
  for (const Butterfly& b : c.butterflies) {
    nlohmann::json twiddles = nlohmann::json::array();
    for (const Twiddle& t : b.twiddles) twiddles.push_back(twiddleJson(t));
    butterflies.push_back({{"i", b.i}, {"k", b.k}, {"inputs", b.inputs}, {"outputs", b.outputs}, {"twiddles", twiddles}});
  }
  nlohmann::json edges = nlohmann::json::array();
  for (const Edge& e : c.edges)
    edges.push_back({{"from", e.from}, {"to", e.to}, {"m", e.m}, {"q", e.q}, {"butterfly", e.butterfly},
                     {"twiddle", twiddleJson(e.twiddle)}, {"weightOverN", e.weightOverN}});
  return {{"column", index},
          {"kind", toString(c.kind)},
          {"kernel", c.kernel},
          {"label", c.label},
          {"launch", c.launch},
          {"stageInLaunch", c.stageInLaunch},
          {"stagesInLaunch", c.stagesInLaunch},
          {"innerStage", c.innerStage},
          {"innerStages", c.innerStages},
          {"blockRadix", c.blockRadix},
          {"radix", c.radix},
          {"p", c.p},
          {"subTransforms", c.subTransforms},
          {"source", bufferSlotName(c.source)},
          {"destination", bufferSlotName(c.destination)},
          {"scale", static_cast<double>(c.scale)},
          {"twiddlePlacement", c.placement == TwiddlePlacement::BeforeDft ? "before-dft" : "after-dft"},
          {"butterflies", butterflies},
          {"edges", edges}};
}

nlohmann::json accessJson(const WarpAccess& a) {
  return {{"slot", a.slot},
          {"addresses", a.addresses},
          {"segments", a.segments},
          {"segmentsTouched", a.segmentsTouched},
          {"minimumSegments", a.minimumSegments},
          {"contiguousRuns", a.contiguousRuns}};
}

}  // namespace

const char* bufferSlotName(int slot) {
  switch (slot) {
    case kInput: return "input";
    case kOutput: return "output";
    case kScratchA: return "scratchA";
    case kScratchB: return "scratchB";
    case kScratchC: return "scratchC";
    case kScratchD: return "scratchD";
  }
  return "?";
}

nlohmann::json toJson(const FlowGraph& graph) {
  nlohmann::json passes = nlohmann::json::array();
  nlohmann::json launches = nlohmann::json::array();
  for (std::size_t c = 0; c < graph.columns.size(); ++c) {
    const Column& column = graph.columns[c];
    passes.push_back(columnJson(column, c));
    if (launches.empty() || launches.back()["index"] != column.launch)
      launches.push_back({{"index", column.launch}, {"kernel", column.kernel}, {"columns", nlohmann::json::array()}});
    launches.back()["columns"].push_back(c);
  }
  return {{"format", "fftscope-flow-graph"},
          {"version", 1},
          {"kind", toString(graph.kind)},
          {"points", graph.points},
          {"direction", toString(graph.direction)},
          {"sign", signOf(graph.direction)},
          {"precision", toString(graph.precision)},
          {"variant", toString(graph.variant)},
          {"twiddle", "w(e, n) = exp(sign*2*pi*i*e/n)"},
          {"nodes",
           {{"boundaries", graph.columns.size() + 1},
            {"perBoundary", graph.points},
            {"inputOrder", graph.inputOrder},
            {"outputOrder", graph.outputOrder}}},
          {"launches", launches},
          {"passes", passes}};
}

nlohmann::json toJson(const PassAccessView& view) {
  nlohmann::json reads = nlohmann::json::array(), writes = nlohmann::json::array();
  for (const WarpAccess& a : view.reads) reads.push_back(accessJson(a));
  for (const WarpAccess& a : view.writes) writes.push_back(accessJson(a));
  return {{"launch", view.launch},
          {"label", view.label},
          {"warpWidth", view.warpWidth},
          {"activeWorkItems", view.activeWorkItems},
          {"elementBytes", view.elementBytes},
          {"segmentBytes", view.segmentBytes},
          {"readEfficiency", view.readEfficiency},
          {"writeEfficiency", view.writeEfficiency},
          {"reads", reads},
          {"writes", writes}};
}

nlohmann::json toJson(const std::vector<PassAccessView>& views) {
  nlohmann::json list = nlohmann::json::array();
  for (const PassAccessView& v : views) list.push_back(toJson(v));
  return list;
}

}  // namespace fftscope::graph
