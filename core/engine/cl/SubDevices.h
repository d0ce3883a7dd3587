// A device partitioned into equal sub-devices (clCreateSubDevices): several devices on one
// machine with one device, so that work spread over devices can be run and tested without two
// GPUs. A device list names it as `I/N`: device I in N parts (DeviceSet.h).
#pragma once

#include "engine/cl/Devices.h"

#include <vector>

namespace fftscope::cl {

// The parent's compute units in `count` equal parts, each a DeviceInfo of its own (id, compute
// units); empty where the device cannot be partitioned so (a GPU, or units not divisible).
// The sub-devices live until the process ends: some drivers' contexts do not retain them.
std::vector<DeviceInfo> partitionDevice(const DeviceInfo& parent, int count);

}  // namespace fftscope::cl
