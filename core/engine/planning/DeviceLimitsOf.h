// A device's limits as the planner sees them: what OpenCL reports of it, with the environment
// variables that override them to time other plans on a device (DeviceLimitsOf.cpp names each).
#pragma once

#include "engine/cl/Devices.h"
#include "engine/description/DeviceLimits.h"

namespace fftscope {

DeviceLimits limitsOf(const cl::DeviceInfo& device);

}  // namespace fftscope
