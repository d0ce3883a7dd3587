// plan --devices: the cost model's prediction for one device and for each split that applies to
// the description over the devices listed, with the data on the host, each share on its device
// (batches) and the whole on the first device; which `auto` takes, and why. The links are measured
// with every device copying at once and the plan timed on the first device.
#pragma once

#include "engine/description/PlanDescription.h"

#include <string>

namespace fftscope::cli {

int printSplitChoice(const PlanDescription& description, const std::string& devices, const std::string& only, bool json);

}  // namespace fftscope::cli
