#include "SubDeviceContexts.h"

#include "engine/cl/SubDevices.h"
#include "engine/runtime/Plan.h"

#include <algorithm>
#include <map>

namespace fftscope::testing {

namespace {

// PoCL's sub-devices allow some of the engine's local-memory kernels far fewer work-items than the
// device does (10 for a 2048-point local_fft): where a plan of such a row is refused there, the
// contexts go on the device itself.
bool takesLocalPasses(cl::DeviceContext& context) {
  try {
    Plan probe(context, PlanDescription::oneD(4096));
    return true;
  } catch (const KernelGroupTooLarge&) {
    return false;
  }
}

}  // namespace

std::vector<std::unique_ptr<cl::DeviceContext>> subDeviceContexts(int count) {
  const cl::DeviceInfo parent = cl::chooseDevice();
  std::vector<std::unique_ptr<cl::DeviceContext>> contexts;
  for (const cl::DeviceInfo& part : cl::partitionDevice(parent, count))
    contexts.push_back(std::make_unique<cl::DeviceContext>(part));
  if (!contexts.empty() && takesLocalPasses(*contexts.front())) return contexts;
  contexts.clear();
  for (int i = 0; i < count; ++i) contexts.push_back(std::make_unique<cl::DeviceContext>(parent));
  return contexts;
}

std::vector<std::unique_ptr<cl::DeviceContext>> sharedContextDevices(int count) {
  const cl::DeviceInfo parent = cl::chooseDevice();
  std::vector<cl::DeviceInfo> parts = cl::partitionDevice(parent, count);
  if (parts.empty() || !takesLocalPasses(*std::make_unique<cl::DeviceContext>(parts.front())))
    parts.assign(std::size_t(count), parent);
  std::vector<cl_device_id> ids;
  for (const cl::DeviceInfo& part : parts)
    if (std::find(ids.begin(), ids.end(), part.id) == ids.end()) ids.push_back(part.id);
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(parent.platform), 0};
  cl_int status = CL_SUCCESS;
  const cl::Context shared(clCreateContext(props, cl_uint(ids.size()), ids.data(), nullptr, nullptr, &status));
  cl::check(status, "clCreateContext(the shared test devices)");
  std::vector<std::unique_ptr<cl::DeviceContext>> contexts;
  for (const cl::DeviceInfo& part : parts) contexts.push_back(std::make_unique<cl::DeviceContext>(part, shared));
  return contexts;
}

std::vector<cl::DeviceContext*> devicesFor(int count) {
  static std::map<int, std::vector<std::unique_ptr<cl::DeviceContext>>> made;
  auto& contexts = made[count];
  if (contexts.empty()) contexts = subDeviceContexts(count);
  std::vector<cl::DeviceContext*> raw;
  for (auto& context : contexts) raw.push_back(context.get());
  return raw;
}

}  // namespace fftscope::testing
