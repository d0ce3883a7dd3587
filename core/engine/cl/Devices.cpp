#include "engine/cl/Devices.h"

#include "settings/ProcessSettings.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace fftscope::cl {
namespace {

std::string platformString(cl_platform_id p, cl_platform_info what) {
  std::size_t size = 0;
  check(clGetPlatformInfo(p, what, 0, nullptr, &size), "clGetPlatformInfo");
  std::string text(size, '\0');
  check(clGetPlatformInfo(p, what, size, text.data(), nullptr), "clGetPlatformInfo");
  while (!text.empty() && text.back() == '\0') text.pop_back();
  return text;
}

std::string deviceString(cl_device_id d, cl_device_info what) {
  std::size_t size = 0;
  check(clGetDeviceInfo(d, what, 0, nullptr, &size), "clGetDeviceInfo");
  std::string text(size, '\0');
  check(clGetDeviceInfo(d, what, size, text.data(), nullptr), "clGetDeviceInfo");
  while (!text.empty() && (text.back() == '\0' || text.back() == ' ')) text.pop_back();
  return text;
}

template <typename T>
T deviceValue(cl_device_id d, cl_device_info what) {
  T value{};
  check(clGetDeviceInfo(d, what, sizeof(T), &value, nullptr), "clGetDeviceInfo");
  return value;
}

std::string typeName(cl_device_type type) {
  if (type & CL_DEVICE_TYPE_GPU) return "GPU";
  if (type & CL_DEVICE_TYPE_CPU) return "CPU";
  if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
  return "other";
}

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

DeviceInfo describe(cl_platform_id platform, cl_device_id id, int index) {
  DeviceInfo info;
  info.index = index;
  info.platform = platform;
  info.id = id;
  info.platformName = platformString(platform, CL_PLATFORM_NAME);
  info.name = deviceString(id, CL_DEVICE_NAME);
  info.vendor = deviceString(id, CL_DEVICE_VENDOR);
  info.driverVersion = deviceString(id, CL_DRIVER_VERSION);
  info.openclVersion = deviceString(id, CL_DEVICE_VERSION);
  info.type = typeName(deviceValue<cl_device_type>(id, CL_DEVICE_TYPE));
  info.computeUnits = deviceValue<cl_uint>(id, CL_DEVICE_MAX_COMPUTE_UNITS);
  info.globalMemBytes = deviceValue<cl_ulong>(id, CL_DEVICE_GLOBAL_MEM_SIZE);
  info.localMemBytes = deviceValue<cl_ulong>(id, CL_DEVICE_LOCAL_MEM_SIZE);
  info.maxAllocBytes = deviceValue<cl_ulong>(id, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  // A lowered cap (tests): transforms larger than one buffer take the split's path at a small scale.
  if (const std::uint64_t cap = processSettings().number("FFTSCOPE_MAX_ALLOC"); cap > 0)
    info.maxAllocBytes = std::min<std::uint64_t>(info.maxAllocBytes, cap);
  info.maxWorkGroupSize = deviceValue<std::size_t>(id, CL_DEVICE_MAX_WORK_GROUP_SIZE);
  info.memBaseAlignBytes = deviceValue<cl_uint>(id, CL_DEVICE_MEM_BASE_ADDR_ALIGN) / 8;
  info.fp64 = deviceValue<cl_ulong>(id, CL_DEVICE_DOUBLE_FP_CONFIG) != 0;
  info.registerCapOption = deviceString(id, CL_DEVICE_EXTENSIONS).find("cl_nv_compiler_options") != std::string::npos;
  return info;
}

// The devices of the platforms in order, until `enough` says those found so far decide the
// choice: a platform after that is never asked for its devices (some drivers take long to
// start theirs).
template <typename Enough>
std::vector<DeviceInfo> devicesUntil(const Enough& enough) {
  cl_uint count = 0;
  cl_int status = clGetPlatformIDs(0, nullptr, &count);
  if (status == -1001 /* CL_PLATFORM_NOT_FOUND_KHR */ || (status == CL_SUCCESS && count == 0))
    throw NoPlatformError("no OpenCL platform found (install an OpenCL driver, e.g. pocl-opencl-icd)");
  check(status, "clGetPlatformIDs");
  std::vector<cl_platform_id> platforms(count);
  check(clGetPlatformIDs(count, platforms.data(), nullptr), "clGetPlatformIDs");

  std::vector<DeviceInfo> devices;
  for (cl_platform_id platform : platforms) {
    if (!devices.empty() && enough(devices)) break;
    cl_uint n = 0;
    cl_int s = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &n);
    if (s == CL_DEVICE_NOT_FOUND || n == 0) continue;
    check(s, "clGetDeviceIDs");
    std::vector<cl_device_id> ids(n);
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, n, ids.data(), nullptr), "clGetDeviceIDs");
    for (cl_device_id id : ids) devices.push_back(describe(platform, id, static_cast<int>(devices.size())));
  }
  if (devices.empty()) throw NoPlatformError("OpenCL platforms found, but no device in any of them");
  return devices;
}

// A name choice (lower case) matches the device's name, vendor or platform.
bool matches(const DeviceInfo& d, const std::string& needle) {
  return lower(d.name + " " + d.vendor + " " + d.platformName).find(needle) != std::string::npos;
}

bool isNumber(std::string_view choice) {
  return std::all_of(choice.begin(), choice.end(), [](unsigned char c) { return std::isdigit(c); });
}

}  // namespace

void settleDriverEnvironment() { setenv("HWLOC_PLUGINS_PATH", "/dev/null", 0); }

std::vector<DeviceInfo> listDevices() {
  return devicesUntil([](const std::vector<DeviceInfo>&) { return false; });
}

DeviceInfo chooseDevice(std::string_view selector) {
  std::string choice(selector);
  if (choice.empty())
    choice = processSettings().text("FFTSCOPE_DEVICE");
  // Devices are numbered across every platform in order, and the first match wins, so the devices
  // of the platforms before the one chosen are all that the choice needs; a choice that matches
  // none lists every device.
  const std::string needle = lower(choice);
  const std::vector<DeviceInfo> devices = devicesUntil([&](const std::vector<DeviceInfo>& found) {
    if (choice.empty())
      return std::any_of(found.begin(), found.end(), [](const DeviceInfo& d) { return d.type == "GPU"; });
    if (isNumber(choice)) return choice.size() <= 9 && std::stoul(choice) < found.size();
    return std::any_of(found.begin(), found.end(), [&](const DeviceInfo& d) { return matches(d, needle); });
  });
  if (choice.empty()) {
    for (const DeviceInfo& d : devices)
      if (d.type == "GPU") return d;
    return devices.front();
  }
  return chooseDeviceFrom(devices, choice);
}

DeviceInfo chooseDeviceFrom(const std::vector<DeviceInfo>& devices, std::string_view selector) {
  const std::string choice(selector);
  if (isNumber(choice)) {
    // Compared as text first: stoul would throw std::out_of_range past 20 digits.
    const std::size_t index = choice.size() <= 9 ? std::stoul(choice) : devices.size();
    if (index < devices.size()) return devices[index];
    throw std::invalid_argument("device index " + choice + " out of range: " +
                                std::to_string(devices.size()) + " device(s), numbered from 0");
  }
  const std::string needle = lower(choice);
  for (const DeviceInfo& d : devices)
    if (matches(d, needle)) return d;
  std::string names;
  for (const DeviceInfo& d : devices) names += "\n  " + std::to_string(d.index) + ": " + d.name + " (" + d.platformName + ")";
  throw std::invalid_argument("no OpenCL device matches '" + choice + "'; devices:" + names);
}

}  // namespace fftscope::cl
