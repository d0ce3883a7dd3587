// The flow graph of a 1D plan, built from the very passes the planner returns (planPasses):
// one column per Stockham pass, and one column per internal stage of a local_fft launch (those
// columns share the launch's index). A batch draws one row: every row has the same graph.
#pragma once

#include "engine/description/PlanDescription.h"
#include "engine/planning/PassPlan.h"
#include "graph/FlowGraph.h"
#include "graph/StockhamMapping.h"

#include <vector>

namespace fftscope::graph {

// The most points a graph is built for: its nodes and edges grow as N log N and its JSON by about
// 18 KB a point, while the window draws at most this many (a larger plan is listed, not drawn).
inline constexpr std::size_t kMaxGraphPoints = 1024;

// Plans with planPasses(description, limits). Throws std::invalid_argument for a 2D
// description, one of more than kMaxGraphPoints points or an invalid one (as validate() does).
FlowGraph buildFlowGraph(const PlanDescription& description, const DeviceLimits& limits = {});
// From a baked plan's passes (Plan::passes()), so the graph is the one the device runs. Any
// radices whose product is N (mixed radix included); std::invalid_argument otherwise.
FlowGraph buildFlowGraph(const PlanDescription& description, const std::vector<PassInfo>& passes);

// One column of R-point butterflies with their R·R edges.
Column stockhamColumn(const StockhamStage& stage);

}  // namespace fftscope::graph
