// What a plan does when a driver gives one of its register-held passes fewer work-items than the
// pass needs (Plan.h's KernelGroupTooLarge): it is planned again, with 16 values a work-item where
// the planner could take 32 or 64, then within local memory alone.
#pragma once

#include "engine/description/DeviceLimits.h"
#include "engine/description/PassInfo.h"

#include <optional>
#include <vector>

namespace fftscope {

// The limits to plan again with after a refusal, or none left to try.
std::optional<DeviceLimits> limitsAfterRefusal(const DeviceLimits& limits);

// Whether two plans run the same kernels on the same work-groups (labels, values, group sizes):
// a retry that plans the refused passes again is skipped.
bool samePasses(const std::vector<PassInfo>& a, const std::vector<PassInfo>& b);

}  // namespace fftscope
