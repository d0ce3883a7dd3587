// A flow graph as JSON (nlohmann-json), for `fftscope-cli plan --graph --json` and the GUI.
// The layout is stable: fields are added, never renamed or removed, and "version" goes up when
// a field changes meaning.
//
// {
//   "format": "fftscope-flow-graph", "version": 1,
//   "kind": "plan" | "textbook-dit" | "textbook-dif",
//   "points": N, "direction": "forward" | "inverse", "sign": -1 | 1, "precision": "f32" | "f64",
//   "variant": "r2" ... "auto",
//   "twiddle": "w(e, n) = exp(sign*2*pi*i*e/n)",
//   "nodes": { "boundaries": columns + 1, "perBoundary": N,
//              "inputOrder": [...],    // boundary 0, element j holds x[inputOrder[j]]
//              "outputOrder": [...] }, // last boundary, element j holds X[outputOrder[j]]
//   "launches": [ { "index", "kernel", "columns": [column indices] } ],
//   "passes": [                       // one per column, reading boundary c, writing c + 1
//     { "column", "kind": "stockham-pass" | "local-stage" | "textbook-dit" | "textbook-dif",
//       "kernel", "label", "launch", "stageInLaunch", "stagesInLaunch",
//       "innerStage", "innerStages", "blockRadix",   // expanded blocks (RadixBlock.h)
//       "radix", "p", "subTransforms", "source", "destination" ("input", "output", "scratchA",
//       "scratchB"), "scale" (number), "twiddlePlacement": "before-dft" | "after-dft",
//       "butterflies": [ { "i", "k", "inputs": [..], "outputs": [..],
//                          "twiddles": [ { "exponent", "over", "overN" } ] } ],
//       "edges": [ { "from", "to", "m", "q", "butterfly",
//                    "twiddle": { "exponent", "over", "overN" },
//                    "weightOverN" } ] } ]   // edge weight w(weightOverN, N)·scale
// }
#pragma once

#include "graph/FlowGraph.h"
#include "graph/MemoryAccessView.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace fftscope::graph {

nlohmann::json toJson(const FlowGraph& graph);
// "input", "output", "scratchA", "scratchB" for a BufferSlot (engine/PassPlan.h).
const char* bufferSlotName(int slot);
// { "launch", "label", "warpWidth", "activeWorkItems", "elementBytes", "segmentBytes",
//   "readEfficiency", "writeEfficiency", "reads" / "writes": [ { "slot", "addresses", "segments",
//   "segmentsTouched", "minimumSegments", "contiguousRuns" } ] }
nlohmann::json toJson(const PassAccessView& view);
nlohmann::json toJson(const std::vector<PassAccessView>& views);

}  // namespace fftscope::graph
