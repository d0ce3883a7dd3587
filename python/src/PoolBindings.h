// fftscope._engine's memory pools (DevicePool.h) and the staging of host copies (HostStaging.h)
// as Python sees them: MemoryPool (one context's pool), memory_pool(device), free_all_blocks()
// and set_staging(mode).
#pragma once

#include <pybind11/pybind11.h>

namespace fftscope::python {

void bindMemoryPool(pybind11::module_& m);

}  // namespace fftscope::python
