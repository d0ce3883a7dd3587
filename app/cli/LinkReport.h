// The links' figures that `bench --split` and `plan --devices` measure before their runs
// (multi::measureLinks), as JSON and as the lines above each table.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/multi/HugeSplitCost.h"

#include <nlohmann/json.hpp>

#include <span>

namespace fftscope::cli {

// One entry a device: its name, driver and figures.
nlohmann::ordered_json linksJson(std::span<cl::DeviceContext* const> devices, std::span<const multi::LinkFigures> links);
// A line a device, then what the first device's figures say of all (both ways at once alone, the
// host's staging copies and the threads they take).
void printLinks(std::span<cl::DeviceContext* const> devices, std::span<const multi::LinkFigures> links);

}  // namespace fftscope::cli
