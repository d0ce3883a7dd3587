// How each grouped pass of a plan is built for the device (GroupedPass::build): the planner's last
// step, so that the runtime builds what the pass says and nothing of the device's settings.
#pragma once

#include "engine/description/DeviceLimits.h"
#include "engine/description/FftTypes.h"
#include "engine/description/PassInfo.h"

#include <vector>

namespace fftscope {

// Sets GroupedPass::build on every grouped pass from its shape and the limits' build switches;
// leaves other passes alone. Depends on nothing set afterwards, so planning it again is harmless.
void chooseGroupedBuilds(std::vector<PassInfo>& passes, Precision precision, const DeviceLimits& limits);

// The registers a grouped pass is capped at, 0 for none: where DeviceLimits::registerCap holds,
// DeviceLimits::filterPassCap on a pass where Bluestein's or Rader's FFTs meet, else
// registerCapFor's share on a register-held pass or one of more than 256 work-items.
std::size_t registerCapOf(const PassInfo& pass, const DeviceLimits& limits);

}  // namespace fftscope
