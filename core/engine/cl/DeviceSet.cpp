#include "engine/cl/DeviceSet.h"

#include "engine/cl/SubDevices.h"
#include "settings/ProcessSettings.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <stdexcept>
#include <string>

namespace fftscope::cl {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

std::string named(const DeviceInfo& d) { return std::to_string(d.index) + " (" + d.name + ")"; }

// One context for the GPUs of each platform where it takes them all; none where it does not.
std::map<cl_platform_id, Context> sharedContexts(const std::vector<DeviceInfo>& chosen) {
  std::map<cl_platform_id, std::vector<cl_device_id>> gpus;
  for (const DeviceInfo& d : chosen)
    if (d.type == "GPU") gpus[d.platform].push_back(d.id);
  std::map<cl_platform_id, Context> contexts;
  for (auto& [platform, ids] : gpus) {
    if (ids.size() < 2) continue;
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(platform), 0};
    cl_int status = CL_SUCCESS;
    Context context(clCreateContext(props, cl_uint(ids.size()), ids.data(), nullptr, nullptr, &status));
    if (status == CL_SUCCESS && context) contexts.emplace(platform, std::move(context));
  }
  return contexts;
}

// "I/N": the parts of device I split into N equal sub-devices; empty when the item is not so.
std::vector<DeviceInfo> partsNamed(std::string_view item, const std::vector<DeviceInfo>& available) {
  const std::size_t slash = item.find('/');
  const auto digits = [](std::string_view t) {
    return !t.empty() && t.size() < 4 && std::all_of(t.begin(), t.end(), [](unsigned char c) { return std::isdigit(c); });
  };
  if (slash == std::string_view::npos || !digits(item.substr(0, slash)) || !digits(item.substr(slash + 1))) return {};
  const DeviceInfo parent = chooseDeviceFrom(available, item.substr(0, slash));
  const int count = std::stoi(std::string(item.substr(slash + 1)));
  if (count < 1) throw std::invalid_argument("the device list item '" + std::string(item) + "' asks for no parts");
  std::vector<DeviceInfo> parts = partitionDevice(parent, count);
  if (parts.empty())
    throw std::invalid_argument("device " + named(parent) + " cannot be split into " + std::to_string(count) +
                                " equal sub-devices");
  return parts;
}

}  // namespace

std::vector<DeviceInfo> selectDevices(std::string_view list, const std::vector<DeviceInfo>& available,
                                      std::string_view only) {
  if (list.empty()) throw std::invalid_argument("the device list is empty: give `all` or indices such as 0,1");
  std::vector<DeviceInfo> chosen;
  const bool repeats = processSettings().flag("FFTSCOPE_DEVICE_REPEATS");
  if (list == "all") {
    // A CPU platform beside the GPUs would hold a split back to its pace: GPUs where there are any.
    std::vector<DeviceInfo> matching;
    for (const DeviceInfo& d : available)
      if (only.empty() || lower(d.name + " " + d.vendor + " " + d.platformName).find(lower(only)) != std::string::npos)
        matching.push_back(d);
    for (const DeviceInfo& d : matching)
      if (d.type == "GPU") chosen.push_back(d);
    if (chosen.empty()) chosen = matching;
    if (chosen.empty()) throw std::invalid_argument("no OpenCL device matches '" + std::string(only) + "'");
    return chosen;
  }
  for (std::size_t start = 0; start <= list.size();) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string_view item = list.substr(start, comma - start);
    if (item.empty())
      throw std::invalid_argument("the device list '" + std::string(list) + "' has an empty item");
    if (std::vector<DeviceInfo> parts = partsNamed(item, available); !parts.empty()) {
      chosen.insert(chosen.end(), parts.begin(), parts.end());
      start = comma + 1;
      continue;
    }
    DeviceInfo d = chooseDeviceFrom(available, item);
    for (const DeviceInfo& earlier : chosen)
      if (earlier.id == d.id && !repeats)
        throw std::invalid_argument("the device list '" + std::string(list) + "' names device " + named(d) + " twice");
    chosen.push_back(std::move(d));
    start = comma + 1;
  }
  return chosen;
}

DeviceSet::DeviceSet(std::string_view list, std::string_view only) : DeviceSet(selectDevices(list, listDevices(), only)) {}

DeviceSet::DeviceSet(const std::vector<DeviceInfo>& chosen) {
  std::map<cl_platform_id, Context> shared = sharedContexts(chosen);
  for (const DeviceInfo& d : chosen) {
    auto found = d.type == "GPU" ? shared.find(d.platform) : shared.end();
    owned_.push_back(found != shared.end() ? std::make_unique<DeviceContext>(d, found->second)
                                           : std::make_unique<DeviceContext>(d));
    devices_.push_back(owned_.back().get());
  }
}

std::size_t DeviceSet::sharingContext() const {
  return std::size_t(std::count_if(devices_.begin(), devices_.end(), [](DeviceContext* c) { return c->sharesContext(); }));
}

}  // namespace fftscope::cl
