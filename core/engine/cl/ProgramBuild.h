// Building one OpenCL program for one device: from the binary the program cache keeps for the
// same device, driver, source and options where there is one (ProgramCache.h), else from source,
// keeping the binary for the next start. A binary the driver refuses is built again from source
// and replaced. FFTSCOPE_PRINT_KERNELS=1 always builds from source, to show the build log.
#pragma once

#include "engine/cl/ClHandles.h"
#include "engine/cl/Devices.h"
#include "engine/cl/ProgramKey.h"

#include <cstdint>
#include <string>

namespace fftscope::cl {

// Throws ClError carrying the build log where the source does not build.
Program buildProgram(cl_context context, const DeviceInfo& device, const ProgramKey& program, const std::string& source);

// How this process's programs were made, for tests and start-up timings: built from source, or
// created from a kept binary, and the host time each way took.
struct ProgramBuildCounts {
  std::uint64_t fromSource = 0, fromBinary = 0;
  double sourceMs = 0, binaryMs = 0;
};
ProgramBuildCounts programBuildCounts();

}  // namespace fftscope::cl
