#include "Commands.h"
#include "engine/cl/Devices.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

namespace fftscope::cli {
namespace {

int listDevices(bool json) {
  std::vector<cl::DeviceInfo> devices;
  try {
    devices = cl::listDevices();
  } catch (const cl::NoPlatformError& e) {
    if (json)
      std::printf("%s\n", nlohmann::ordered_json{{"devices", nlohmann::json::array()}, {"notice", e.what()}}.dump(2).c_str());
    else
      std::printf("%s\nTransforms will be computed on the CPU with FFTW.\n", e.what());
    return 0;
  }
  std::string chosen;
  try {
    chosen = cl::chooseDevice().name;
  } catch (const std::exception&) {
  }
  if (json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& d : devices)
      list.push_back({{"index", d.index}, {"platform", d.platformName}, {"name", d.name}, {"vendor", d.vendor},
                      {"type", d.type}, {"driver", d.driverVersion}, {"opencl", d.openclVersion},
                      {"compute_units", d.computeUnits}, {"global_mem_bytes", d.globalMemBytes},
                      {"local_mem_bytes", d.localMemBytes}, {"max_alloc_bytes", d.maxAllocBytes},
                      {"max_work_group_size", d.maxWorkGroupSize}, {"fp64", d.fp64}, {"default", d.name == chosen}});
    std::printf("%s\n", nlohmann::ordered_json{{"devices", list}}.dump(2).c_str());
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

}  // namespace

Command addDevicesCommand(CLI::App& app) {
  CLI::App* command = app.add_subcommand("devices", "OpenCL platforms and devices with their limits");
  auto json = std::make_shared<bool>(false);
  command->add_flag("--json", *json, "print JSON");
  return {command, [json] { return listDevices(*json); }};
}

}  // namespace fftscope::cli
