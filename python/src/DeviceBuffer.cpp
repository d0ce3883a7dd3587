#include "DeviceBuffer.h"

#include "SharedContext.h"

#include "engine/cl/KernelArgs.h"
#include "engine/runtime/ElementwiseLaunch.h"

#include <algorithm>

namespace fftscope::python {

DeviceBuffer::DeviceBuffer(const std::string& device, std::size_t bytes) : bytes_(bytes) {
  if (device == "fftw") throw std::invalid_argument("device arrays need an OpenCL device; FFTW runs on the host");
  cl::DeviceInfo info;
  try {
    info = cl::chooseDevice(device);
  } catch (const cl::NoPlatformError& e) {
    throw std::runtime_error(std::string("device arrays need an OpenCL device: ") + e.what());
  }
  if (bytes > info.maxAllocBytes || bytes > info.globalMemBytes)
    throw DoesNotFit("an array of " + std::to_string(bytes) + " bytes does not fit " + info.name + "'s memory");
  auto memory = std::make_unique<DeviceMemory>();
  memory->shared = sharedContext(info);
  memory->bytes = bytes;
  deviceIndex_ = info.index;
  deviceName_ = info.name;
  if (bytes > 0) {
    std::lock_guard lock(memory->shared->mutex);
    try {
      memory->buffer = memory->shared->context.buffer(bytes);
    } catch (const cl::ClError& error) {
      rethrowDeviceError(error, info.name);
    }
  }
  memory_ = std::move(memory);
}

DeviceBuffer::~DeviceBuffer() = default;

DeviceMemory& DeviceBuffer::memory() const {
  if (!memory_) throw std::invalid_argument("the device array on " + deviceName_ + " was freed");
  return *memory_;
}

void DeviceBuffer::upload(const void* data) {
  DeviceMemory& m = memory();
  if (bytes_ == 0) return;
  std::lock_guard lock(m.shared->mutex);
  try {
    m.shared->context.write(m.buffer.get(), data, bytes_);
  } catch (const cl::ClError& error) {
    rethrowDeviceError(error, deviceName_);
  }
}

void DeviceBuffer::download(void* data) const {
  DeviceMemory& m = memory();
  if (bytes_ == 0) return;
  std::lock_guard lock(m.shared->mutex);
  try {
    m.shared->context.read(m.buffer.get(), data, bytes_);
  } catch (const cl::ClError& error) {
    rethrowDeviceError(error, deviceName_);
  }
}

void DeviceBuffer::scale(double factor, bool f64) {
  DeviceMemory& m = memory();
  const cl_ulong count = bytes_ / (f64 ? sizeof(double) : sizeof(float));
  if (count == 0) return;
  std::lock_guard lock(m.shared->mutex);
  cl::DeviceContext& context = m.shared->context;
  try {
    cl::Kernel kernel = context.kernel("scale", f64 ? "-DDOUBLE_PRECISION" : "", "scale");
    if (f64)
      cl::setArgs(kernel.get(), "scale", m.buffer.get(), factor, count);
    else
      cl::setArgs(kernel.get(), "scale", m.buffer.get(), static_cast<float>(factor), count);
    // Enough work-items to fill a GPU; each steps through the rest.
    launchElementwise(context, kernel, std::min<std::size_t>(count, std::size_t(1) << 20));
  } catch (const cl::ClError& error) {
    rethrowDeviceError(error, deviceName_);
  }
}

void DeviceBuffer::finish() const {
  DeviceMemory& m = memory();
  std::lock_guard lock(m.shared->mutex);
  try {
    m.shared->context.finish();
  } catch (const cl::ClError& error) {
    rethrowDeviceError(error, deviceName_);
  }
}

void DeviceBuffer::free() { memory_.reset(); }

}  // namespace fftscope::python
