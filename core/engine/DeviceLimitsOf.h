// The planner's limits of a device from the driver's facts and a Settings value: the settings'
// switches and shapes where they are set (settings/SettingTable.h says what each does); unset,
// the planner's own choice stands. Plan.h's limitsOf(device) passes the process's settings.
#pragma once

#include "engine/PassPlan.h"
#include "engine/cl/Devices.h"
#include "settings/Settings.h"

namespace fftscope {

DeviceLimits limitsOf(const cl::DeviceInfo& device, const Settings& settings);

}  // namespace fftscope
