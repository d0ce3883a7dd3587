// OpenCL device discovery and choice. A device is chosen by index (as `devices` lists them) or by
// a case-insensitive substring of its name, vendor or platform; FFTSCOPE_DEVICE does the same
// when no choice is given, and otherwise the first GPU wins, then the first device of any kind.
#pragma once

#include "engine/cl/ClError.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope::cl {

struct DeviceInfo {
  int index = 0;  // position in listDevices()
  cl_platform_id platform = nullptr;
  cl_device_id id = nullptr;
  std::string platformName;
  std::string name;
  std::string vendor;
  std::string driverVersion;
  std::string openclVersion;
  std::string type;  // "GPU", "CPU", "accelerator", "other"
  unsigned computeUnits = 0;
  std::uint64_t globalMemBytes = 0;
  std::uint64_t localMemBytes = 0;
  std::uint64_t maxAllocBytes = 0;
  std::size_t maxWorkGroupSize = 0;
  unsigned memBaseAlignBytes = 0;
  bool fp64 = false;
  // cl_nv_compiler_options: the build may cap a kernel's registers (-cl-nv-maxrregcount).
  bool registerCapOption = false;
};

// No OpenCL platform at all (no ICD installed): callers fall back to FFTW and say so.
class NoPlatformError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::vector<DeviceInfo> listDevices();  // throws NoPlatformError
// PoCL adds HWLOC_PLUGINS_PATH=/dev/null to the environment (setenv) when it first lists its
// devices, on whichever thread lists them; an entry added while another thread reads the
// environment (getenv, as Qt does loading an icon) can crash the reader. Called on the main
// thread before a thread of the engine lists devices, it adds the same entry first, so that
// PoCL only replaces it.
void settleDriverEnvironment();
// selector: "" (then FFTSCOPE_DEVICE, then the default), an index, or a name substring.
DeviceInfo chooseDevice(std::string_view selector = {});
// The same choice among `devices` (a non-empty selector).
DeviceInfo chooseDeviceFrom(const std::vector<DeviceInfo>& devices, std::string_view selector);

}  // namespace fftscope::cl
