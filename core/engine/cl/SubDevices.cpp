#include "engine/cl/SubDevices.h"

namespace fftscope::cl {

std::vector<DeviceInfo> partitionDevice(const DeviceInfo& parent, int count) {
  if (count < 1 || parent.computeUnits % unsigned(count) != 0) return {};
  const cl_uint units = parent.computeUnits / unsigned(count);
  const cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, cl_device_partition_property(units), 0};
  std::vector<cl_device_id> ids(static_cast<std::size_t>(count));
  cl_uint made = 0;
  if (units == 0 || clCreateSubDevices(parent.id, equally, cl_uint(count), ids.data(), &made) != CL_SUCCESS ||
      made != cl_uint(count))
    return {};
  std::vector<DeviceInfo> parts;
  for (cl_device_id id : ids) {
    DeviceInfo part = parent;
    part.id = id;
    part.computeUnits = units;
    parts.push_back(std::move(part));
  }
  return parts;
}

}  // namespace fftscope::cl
