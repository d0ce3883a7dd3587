// A device's limits as the planner sees them: what OpenCL reports of it, then the settings'
// switches and shapes where they are set (settings/SettingTable.h says what each does); unset,
// the planner's own choice stands.
#pragma once

#include "engine/cl/Devices.h"
#include "engine/description/DeviceLimits.h"
#include "settings/Settings.h"

namespace fftscope {

DeviceLimits limitsOf(const cl::DeviceInfo& device, const Settings& settings);

// The same with the settings the program read where it started (settings/ProcessSettings.h).
DeviceLimits limitsOf(const cl::DeviceInfo& device);

}  // namespace fftscope
