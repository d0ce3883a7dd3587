#include "SubDeviceContexts.h"

#include "engine/runtime/Plan.h"

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
  std::vector<cl_device_id> subs(static_cast<std::size_t>(count));
  cl_uint made = 0;
  const cl_uint units = count > 0 && parent.computeUnits % count == 0 ? parent.computeUnits / count : 0;
  const cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, units, 0};
  if (units > 0 && clCreateSubDevices(parent.id, equally, cl_uint(count), subs.data(), &made) == CL_SUCCESS &&
      made == cl_uint(count)) {
    for (cl_device_id id : subs) {
      cl::DeviceInfo info = parent;
      info.id = id;
      info.computeUnits = units;
      // Not released: PoCL's contexts do not hold their sub-device, which lives until the process ends.
      contexts.push_back(std::make_unique<cl::DeviceContext>(info));
    }
    if (takesLocalPasses(*contexts.front())) return contexts;
    contexts.clear();
  }
  for (int i = 0; i < count; ++i) contexts.push_back(std::make_unique<cl::DeviceContext>(parent));
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
