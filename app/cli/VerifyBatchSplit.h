// verify --devices: each case split by batch over the devices listed (core/engine/multi/BatchSplit.h),
// from the host, against FFTW in long double within the L2 and L-infinity gates.
#pragma once

#include "engine/description/PlanDescription.h"

#include <string>
#include <vector>

namespace fftscope::cli {

// Prints a line a case (JSON with json) and returns the exit status: 1 where one fails.
int verifyBatchSplit(const std::vector<PlanDescription>& cases, const std::string& devices, const std::string& only,
                     bool json);

}  // namespace fftscope::cli
