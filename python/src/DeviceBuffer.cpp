#include "DeviceBuffer.h"

#include "SharedContext.h"

#include "engine/cl/KernelArgs.h"
#include "engine/runtime/ElementwiseLaunch.h"

#include <algorithm>

namespace fftscope::python {

DeviceBuffer::DeviceBuffer(const std::string& device, std::size_t bytes) { allocate(contextForDevice(device), bytes); }

std::unique_ptr<DeviceBuffer> DeviceBuffer::like(const DeviceBuffer& other, std::size_t bytes) {
  std::unique_ptr<DeviceBuffer> made(new DeviceBuffer());
  made->allocate(other.memory().shared, bytes);
  return made;
}

void DeviceBuffer::allocate(std::shared_ptr<SharedContext> shared, std::size_t bytes) {
  auto memory = std::make_unique<DeviceMemory>();
  memory->shared = std::move(shared);
  memory->bytes = bytes;
  const cl::DeviceInfo& info = memory->shared->context.device();
  bytes_ = bytes;
  deviceIndex_ = info.index;
  deviceName_ = info.name;
  if (bytes > info.maxAllocBytes || bytes > info.globalMemBytes)
    throw DoesNotFit("an array of " + std::to_string(bytes) + " bytes does not fit " + info.name + "'s memory");
  if (bytes > 0) {
    try {
      memory->buffer = memory->shared->pool.acquire(bytes);
      memory->pooled = true;
    } catch (const cl::ClError& error) {
      rethrowDeviceError(error, info.name);
    }
  }
  memory_ = std::move(memory);
}

std::unique_ptr<DeviceBuffer> DeviceBuffer::wrap(const std::string& queue, std::uintptr_t buffer, std::size_t bytes) {
  if (!isOutsideQueue(queue)) throw std::invalid_argument("wrap takes a buffer with its command queue");
  auto wrapped = std::make_unique<DeviceBuffer>(queue, 0);
  wrapped->bytes_ = bytes;
  DeviceMemory& memory = *wrapped->memory_;
  memory.bytes = bytes;
  if (bytes == 0) return wrapped;
  auto mem = reinterpret_cast<cl_mem>(buffer);
  cl_context context = nullptr;
  std::size_t size = 0;
  cl::check(clGetMemObjectInfo(mem, CL_MEM_CONTEXT, sizeof context, &context, nullptr), "clGetMemObjectInfo");
  cl::check(clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof size, &size, nullptr), "clGetMemObjectInfo");
  if (context != memory.shared->context.context())
    throw std::invalid_argument("the buffer is not in its command queue's context");
  if (size < bytes)
    throw std::invalid_argument("the buffer holds " + std::to_string(size) + " bytes, not " + std::to_string(bytes));
  cl::check(clRetainMemObject(mem), "clRetainMemObject");
  memory.buffer = cl::Buffer(mem);
  return wrapped;
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
    m.shared->staging.upload(m.buffer.get(), data, bytes_);
  } catch (const cl::ClError& error) {
    rethrowDeviceError(error, deviceName_);
  }
}

void DeviceBuffer::download(void* data) const {
  DeviceMemory& m = memory();
  if (bytes_ == 0) return;
  std::lock_guard lock(m.shared->mutex);
  try {
    m.shared->staging.download(m.buffer.get(), data, bytes_);
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
    cl::Kernel& kernel = m.shared->scale[f64];
    if (!kernel) kernel = context.kernel("scale", f64 ? "-DDOUBLE_PRECISION" : "", "scale");
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

void DeviceBuffer::transposeInto(const DeviceBuffer& out, std::size_t batch, std::size_t rows, std::size_t cols,
                                 bool f64) const {
  DeviceMemory& from = memory();
  DeviceMemory& to = out.memory();
  const std::size_t bytes = batch * rows * cols * (f64 ? 16 : 8);
  if (from.shared != to.shared) throw std::invalid_argument("a transpose between arrays of different contexts");
  if (bytes != bytes_ || bytes != out.bytes_ || &from == &to)
    throw std::invalid_argument("a transpose of " + std::to_string(batch) + " x " + std::to_string(rows) + " x " +
                                std::to_string(cols) + " values needs two distinct arrays of " + std::to_string(bytes) +
                                " bytes");
  constexpr std::size_t kUintMax = 0xffffffffu;
  if (bytes == 0) return;
  if (rows > kUintMax || cols > kUintMax) throw std::invalid_argument("a transpose's sides must be below 2^32");
  std::lock_guard lock(from.shared->mutex);
  cl::DeviceContext& context = from.shared->context;
  try {
    // Tiles of 16 x 16 through local memory, a padded column against bank conflicts, where a
    // group may be that large; one element a work-item otherwise.
    const bool tiled = context.device().maxWorkGroupSize >= 256;
    cl::Kernel& kernel = from.shared->transpose[f64];
    if (!kernel)
      kernel = context.kernel("transpose", std::string(f64 ? "-D DOUBLE_PRECISION " : "") +
                                               (tiled ? "-D TILE=16 -D TILE_PAD=1" : "-D TILE=1 -D TILE_PAD=0 -D TRANSPOSE_NAIVE"),
                              "transpose");
    cl::setArgs(kernel.get(), "transpose", from.buffer.get(), to.buffer.get(), static_cast<cl_uint>(rows),
                static_cast<cl_uint>(cols));
    const std::size_t tile = tiled ? 16 : 1;
    const std::size_t global[3] = {(cols + tile - 1) / tile * tile, (rows + tile - 1) / tile * tile, batch};
    const std::size_t local[3] = {tile, tile, 1};
    cl::check(clEnqueueNDRangeKernel(context.queue(), kernel.get(), 3, nullptr, global, tiled ? local : nullptr, 0,
                                     nullptr, nullptr),
              "clEnqueueNDRangeKernel(transpose)");
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
