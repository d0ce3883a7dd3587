// Several devices for the multi-device tests on one machine: the chosen device partitioned into
// `count` equal sub-devices (clCreateSubDevices), or `count` contexts on the device itself where it
// cannot be partitioned so (a GPU, or fewer compute units than count).
#pragma once

#include "engine/cl/DeviceContext.h"

#include <memory>
#include <vector>

namespace fftscope::testing {

std::vector<std::unique_ptr<cl::DeviceContext>> subDeviceContexts(int count);

}  // namespace fftscope::testing
