#include "SubDeviceContexts.h"

namespace fftscope::testing {

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
      contexts.push_back(std::make_unique<cl::DeviceContext>(info));
      clReleaseDevice(id);  // the context holds it from here
    }
    return contexts;
  }
  for (cl_uint i = 0; i < made; ++i) clReleaseDevice(subs[i]);
  for (int i = 0; i < count; ++i) contexts.push_back(std::make_unique<cl::DeviceContext>(parent));
  return contexts;
}

}  // namespace fftscope::testing
