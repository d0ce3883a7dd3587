// Several devices for the multi-device tests on one machine: the chosen device partitioned into
// `count` equal sub-devices (clCreateSubDevices), or `count` contexts on the device itself where it
// cannot be partitioned so (a GPU, or fewer compute units than count).
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/reference/Accuracy.h"

#include <complex>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace fftscope::testing {

std::vector<std::unique_ptr<cl::DeviceContext>> subDeviceContexts(int count);

// The same devices in one context, as DeviceSet puts the GPUs of one platform: memory pinned in it
// is pinned for each of them (PinnedHostBuffer.h).
std::vector<std::unique_ptr<cl::DeviceContext>> sharedContextDevices(int count);

// subDeviceContexts(count), made once for the whole test binary so that each kernel is compiled
// once a device.
std::vector<cl::DeviceContext*> devicesFor(int count);

// Random complex values of the test's precision.
template <typename T>
std::vector<std::complex<T>> randomInput(std::size_t n, std::uint64_t seed) {
  if constexpr (std::is_same_v<T, float>)
    return randomComplexF32(n, seed);
  else
    return randomComplexF64(n, seed);
}

}  // namespace fftscope::testing
