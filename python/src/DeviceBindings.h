// fftscope._engine's device memory: DeviceBuffer (DeviceBuffer.h), Transform.run_device, and the
// record of host-device copies (SharedContext.h) by which tests see that none was made.
#pragma once

#include <pybind11/pybind11.h>

namespace fftscope::python {

// Adds DeviceBuffer, record_transfers and take_transfers to the module, and run_device to its
// Transform class (bound before).
void bindDeviceMemory(pybind11::module_& m, pybind11::class_<class Transform>& transform);

}  // namespace fftscope::python
