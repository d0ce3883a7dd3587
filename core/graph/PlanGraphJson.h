// The document `fftscope-cli plan --size N --variant V --graph --json` prints: the flow graph
// of FlowGraphJson.h with, beside it, the plan's launches as the planner lists them and the
// memory view of each launch.
//
//   { ...toJson(graph)...,
//     "description": "1D 1024 x1 f32 forward r4/table",
//     "expandedBlocks": false,
//     "plan": [ { "index", "label", "kernel", "radix", "p", "tailRadix", "span", "global": [3],
//                 "local": [3], "source", "destination", "bytesRead", "bytesWritten", "scale" } ],
//     "memory": [ toJson(PassAccessView) ... ],     // absent when options.memoryViews is false
//     "localMemory": [ { "launch", "activeWorkItems", "wordsPerElement",   // local_fft launches
//                        "accesses": [ { "stage", "write", "slot", "elements", "ways",
//                                        "waysWithoutPadding" } ] } ] }     // LocalMemoryView.h
#pragma once

#include "engine/description/PlanDescription.h"
#include "engine/planning/PassPlan.h"

#include <nlohmann/json.hpp>

#include <cstddef>

namespace fftscope::graph {

struct GraphJsonOptions {
  bool expandBlocks = false;  // radix-R blocks drawn as their radix-2 steps (RadixBlock.h)
  bool memoryViews = true;
  std::size_t warpWidth = 32;
};

// Plans with planPasses(description, limits); the same exceptions as buildFlowGraph.
nlohmann::json planGraphJson(const PlanDescription& description, const DeviceLimits& limits = {},
                             const GraphJsonOptions& options = {});

}  // namespace fftscope::graph
