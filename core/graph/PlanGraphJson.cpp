#include "graph/PlanGraphJson.h"

#include "graph/FlowGraphBuilder.h"
#include "graph/FlowGraphJson.h"
#include "graph/LocalMemoryView.h"
#include "graph/MemoryAccessView.h"
#include "graph/RadixBlock.h"

namespace fftscope::graph {
namespace {

nlohmann::json passJson(const PassInfo& pass, std::size_t index) {
  return {{"index", index},
          {"label", pass.label()},
          {"kernel", pass.kernelName()},
          {"radix", pass.radix},
          {"p", pass.p},
          {"tailRadix", pass.localFft.tailRadix},
          {"span", pass.span},
          {"global", pass.global},
          {"local", pass.local},
          {"source", bufferSlotName(pass.source)},
          {"destination", bufferSlotName(pass.destination)},
          {"bytesRead", pass.bytesRead},
          {"bytesWritten", pass.bytesWritten},
          {"scale", pass.scale}};
}

nlohmann::json localJson(const LocalMemoryView& view, std::size_t launch) {
  nlohmann::json accesses = nlohmann::json::array();
  for (const LocalAccess& a : view.accesses)
    accesses.push_back({{"stage", a.stage},
                        {"write", a.write},
                        {"slot", a.slot},
                        {"elements", a.elements},
                        {"ways", a.ways},
                        {"waysWithoutPadding", a.waysWithoutPadding}});
  return {{"launch", launch},
          {"activeWorkItems", view.activeWorkItems},
          {"wordsPerElement", view.wordsPerElement},
          {"accesses", accesses}};
}

}  // namespace

nlohmann::json planGraphJson(const PlanDescription& description, const DeviceLimits& limits,
                             const GraphJsonOptions& options) {
  const std::vector<PassInfo> passes = planPasses(description, limits);
  FlowGraph graph = buildFlowGraph(description, passes);
  if (options.expandBlocks) graph = expandBlocks(graph);
  nlohmann::json document = toJson(graph);
  document["description"] = description.summary();
  document["expandedBlocks"] = options.expandBlocks;
  nlohmann::json plan = nlohmann::json::array();
  for (std::size_t i = 0; i < passes.size(); ++i) plan.push_back(passJson(passes[i], i));
  document["plan"] = plan;
  if (options.memoryViews) {
    document["memory"] = toJson(memoryAccessViews(passes, description.precision, options.warpWidth));
    nlohmann::json local = nlohmann::json::array();
    for (std::size_t i = 0; i < passes.size(); ++i)
      if (passes[i].kind == PassKind::Local)
        local.push_back(localJson(localMemoryView(passes[i], description.precision, options.warpWidth), i));
    document["localMemory"] = local;
  }
  return document;
}

}  // namespace fftscope::graph
