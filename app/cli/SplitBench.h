// bench --split: one huge 1D transform split over several devices (core/engine/multi), verified
// against the exact spectrum of a few tones first, then timed with its data on the host and on
// the first device, beside one device where the transform fits one, and beside the cost model's
// prediction from the links measured in the same run.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/multi/HugeSplitCost.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace fftscope::cli {

struct SplitBenchOptions {
  std::string split;                      // thesis, four-step, batch or auto (BatchBench.h)
  std::string devices = "all";            // all, or selectors (indices, names), comma-separated
  std::string only;                       // with all: only devices whose name, vendor or platform holds it
  std::string placement = "host,device";  // where the data starts and ends
  std::string sizes = "2^26,2^28";        // lengths: N or 2^K, comma-separated
  std::string precision = "f32";
  int warmup = 1, repeat = 5;
  bool json = false;
  std::string jsonPath;  // with json: a file, or stdout when empty or "-"
  // The table goes to stdout unless the JSON does.
  bool printsTable() const { return !json || (!jsonPath.empty() && jsonPath != "-"); }
};

// Parses "2^26,1000000" into lengths; throws std::invalid_argument naming what it took.
std::vector<std::size_t> parseSplitSizes(const std::string& text);

int runSplitBench(const SplitBenchOptions& options);

// The report's head (options, devices and their links), printed too unless options.json.
nlohmann::ordered_json splitBenchHeader(const SplitBenchOptions& options, std::span<cl::DeviceContext* const> devices,
                                        std::span<const multi::LinkFigures> links);

}  // namespace fftscope::cli
