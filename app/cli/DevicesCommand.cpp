#include "Args.h"
#include "Commands.h"
#include "Json.h"
#include "engine/cl/Devices.h"

#include <cstdio>

namespace fftscope::cli {

int devicesCommand(const Words& words) {
  Args args(words, {}, {"json"});
  std::vector<cl::DeviceInfo> devices;
  try {
    devices = cl::listDevices();
  } catch (const cl::NoPlatformError& e) {
    if (args.has("json"))
      std::printf("{\"devices\": [], \"notice\": %s}\n", jsonString(e.what()).c_str());
    else
      std::printf("%s\nTransforms will be computed on the CPU with FFTW.\n", e.what());
    return 0;
  }
  std::string chosen;
  try {
    chosen = cl::chooseDevice().name;
  } catch (const std::exception&) {
  }
  if (args.has("json")) {
    std::string list;
    for (const auto& d : devices) {
      JsonObject o;
      o.add("index", d.index).add("platform", d.platformName).add("name", d.name).add("vendor", d.vendor);
      o.add("type", d.type).add("driver", d.driverVersion).add("opencl", d.openclVersion);
      o.add("compute_units", d.computeUnits).add("global_mem_bytes", d.globalMemBytes);
      o.add("local_mem_bytes", d.localMemBytes).add("max_alloc_bytes", d.maxAllocBytes);
      o.add("max_work_group_size", d.maxWorkGroupSize).add("fp64", d.fp64).add("default", d.name == chosen);
      list += (list.empty() ? "" : ",\n  ") + o.str();
    }
    std::printf("{\"devices\": [\n  %s\n]}\n", list.c_str());
    return 0;
  }
  for (const auto& d : devices) {
    std::printf("%d: %s%s\n", d.index, d.name.c_str(), d.name == chosen ? "  (default)" : "");
    std::printf("   platform %s, %s, vendor %s\n", d.platformName.c_str(), d.type.c_str(), d.vendor.c_str());
    std::printf("   driver %s, %s\n", d.driverVersion.c_str(), d.openclVersion.c_str());
    std::printf("   %u compute units, %.1f GiB global, %llu KiB local, max allocation %.1f GiB\n", d.computeUnits,
                d.globalMemBytes / 1073741824.0, static_cast<unsigned long long>(d.localMemBytes / 1024),
                d.maxAllocBytes / 1073741824.0);
    std::printf("   max work-group %zu, fp64 %s\n", d.maxWorkGroupSize, d.fp64 ? "yes" : "no");
  }
  return 0;
}

}  // namespace fftscope::cli
