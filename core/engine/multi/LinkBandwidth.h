// Each device's pinned link in both directions, measured with every device copying at once (links
// that share a switch or the host's memory slow each other), for the splits' cost model.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/multi/HugeSplitCost.h"

#include <cstddef>
#include <span>
#include <vector>

namespace fftscope::multi {

// The best of `repeats` copies of `bytes` (lowered to each device's largest buffer) each way, by
// the device's own clock, one way at a time and both at once (with several devices, also on the
// first alone); what starting work on one device and waiting for it costs beyond the work
// (LinkFigures::waitSeconds) and, with several devices, what starting work on all of them at once
// costs each over that (LinkFigures::startSeconds), by the host's clock, and a relay from each
// device to the next (LinkFigures::relayBytesPerSecond); and the host's staging copy rate, for
// every device's copies at once and for one device's alone, over `bytes` of host memory a device.
std::vector<LinkFigures> measureLinks(std::span<cl::DeviceContext* const> devices, std::size_t bytes, int repeats = 3);

}  // namespace fftscope::multi
