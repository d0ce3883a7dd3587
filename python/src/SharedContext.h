// The module's OpenCL contexts: one per device for the whole process, shared by every plan and
// device array on that device. A DeviceContext is for one thread at a time, so every use holds
// the context's mutex.
#pragma once

#include "engine/cl/ClError.h"
#include "engine/cl/DeviceContext.h"
#include "Transform.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace fftscope::python {

struct SharedContext {
  explicit SharedContext(const cl::DeviceInfo& info) : context(info) {}
  SharedContext(const cl::DeviceInfo& info, cl_context outside, cl_command_queue queue) : context(info, outside, queue) {}
  cl::DeviceContext context;
  std::mutex mutex;
};

// The device's context, made on first use.
std::shared_ptr<SharedContext> sharedContext(const cl::DeviceInfo& info);

// A selector naming a command queue made elsewhere (PyOpenCL's): "cl-queue:" and the handle's
// value in decimal. Its context is that queue's and its context's, retained, one per queue.
constexpr const char* kOutsideQueue = "cl-queue:";
bool isOutsideQueue(const std::string& selector);
std::shared_ptr<SharedContext> outsideContext(const std::string& selector);

// The engine's ClError as DoesNotFit (Transform.h) or a runtime_error naming the device.
[[noreturn]] void rethrowDeviceError(const cl::ClError& error, const std::string& device);

// Host-device copies, as the engine's contexts record them (DeviceContext::recordTransfers), on
// every context of the module, those made later too.
struct TransferRecord {
  int device = 0;  // its index
  bool upload = true;
  std::size_t bytes = 0;
};
void recordTransfers(bool on);
std::vector<TransferRecord> takeTransfers();

}  // namespace fftscope::python

namespace fftscope::python {

// A device array's memory (DeviceBuffer.h): a buffer in one of the shared contexts.
struct DeviceMemory {
  std::shared_ptr<SharedContext> shared;
  cl::Buffer buffer;  // none for an empty array
  std::size_t bytes = 0;
};

}  // namespace fftscope::python
