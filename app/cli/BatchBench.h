// bench --split batch|auto: a batched 1D or 2D transform split by batch over --devices
// (core/engine/multi/BatchSplit.h) beside one device, with the data on the host, each share
// already on its device (device), or the whole on the first device (first), where one device
// holds the whole in both; or on the host in pinned memory of the first device's context (pinned). Verified first: the first
// item against FFTW in double, then the split against one device. The cost model's prediction is
// printed beside each measurement; `auto` times what the model chooses (SplitChoice.h).
// --sizes: ROWxBATCH (1D rows) or ROWSxCOLSxBATCH (2D arrays), comma-separated.
#pragma once

#include "SplitBench.h"

#include "engine/cl/DeviceContext.h"
#include "engine/description/PlanDescription.h"
#include "engine/multi/HugeSplitCost.h"

#include <span>
#include <vector>

namespace fftscope::cli {

// The links with the data in pinned memory of the first device's context: no host copies for the
// devices of that context; the others' shares are still staged (HostPipeline.h).
std::vector<multi::LinkFigures> pinnedHostLinks(std::span<cl::DeviceContext* const> devices,
                                                std::vector<multi::LinkFigures> links);

// Parses "4096x65536,8192x8192x16"; throws std::invalid_argument naming the item it cannot take.
std::vector<PlanDescription> parseBatchShapes(const std::string& text);

int runBatchBench(const SplitBenchOptions& options);

}  // namespace fftscope::cli
