// Memory on an OpenCL device that stays there between transforms: uploaded once, transformed
// any number of times (Transform::runDevice), downloaded once. The memory of fftscope.DeviceArray.
// Like Transform.h, no engine type appears here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace fftscope::python {

struct DeviceMemory;
struct SharedContext;

class DeviceBuffer {
 public:
  // device: "" the default device, an index or a part of a device's name ("fftw" is refused:
  // FFTW has no device memory), or an outside queue (SharedContext.h's kOutsideQueue).
  // DoesNotFit beyond the device's memory.
  // The memory comes from the context's pool (DevicePool.h) and goes back to it.
  DeviceBuffer(const std::string& device, std::size_t bytes);
  // `bytes` on the same device and context as `other` (a transform's output), from their pool.
  static std::unique_ptr<DeviceBuffer> like(const DeviceBuffer& other, std::size_t bytes);
  // Memory allocated elsewhere (a PyOpenCL array's cl_mem, retained here, never copied), used
  // through `queue` (an outside queue's selector), whose context must be the buffer's.
  static std::unique_ptr<DeviceBuffer> wrap(const std::string& queue, std::uintptr_t buffer, std::size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  std::size_t bytes() const { return bytes_; }
  int deviceIndex() const { return deviceIndex_; }
  const std::string& deviceName() const { return deviceName_; }
  bool freed() const { return !memory_; }

  // The whole buffer from or to host memory of bytes() bytes, staged through pinned memory where
  // that pays (HostStaging.h); blocking.
  void upload(const void* data);
  void download(void* data) const;
  // Multiplies the buffer's values, read as float or double, by factor on the device.
  void scale(double factor, bool f64);
  // Writes into `out` (same context and size) the transposes of `batch` matrices of rows x cols
  // complex values (out[b][c][r] = this[b][r][c]): how a transform along an axis other than the
  // last reads its rows. Queued, not waited for; std::invalid_argument for mismatched arrays.
  void transposeInto(const DeviceBuffer& out, std::size_t batch, std::size_t rows, std::size_t cols, bool f64) const;
  // Waits for everything queued on the device (transforms are queued, not waited for).
  void finish() const;
  // Gives the memory back to the pool now rather than when the last reference goes (work queued
  // on it still runs first); any use after throws.
  void free();

  // std::invalid_argument naming the array once it is freed.
  DeviceMemory& memory() const;

 private:
  DeviceBuffer() = default;
  void allocate(std::shared_ptr<SharedContext> shared, std::size_t bytes);

  std::unique_ptr<DeviceMemory> memory_;
  std::size_t bytes_ = 0;
  int deviceIndex_ = 0;
  std::string deviceName_;
};

}  // namespace fftscope::python
