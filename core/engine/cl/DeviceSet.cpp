#include "engine/cl/DeviceSet.h"

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
