// The module's OpenCL contexts: one per device for the whole process, shared by every plan and
// device array on that device, each with its memory pool (DevicePool.h), its staging of host
// copies (HostStaging.h), its pinned results (PinnedResults.h) and the kernels the module
// launches itself. A DeviceContext is for one thread at a time, so every use holds the context's
// mutex (the pools have their own).
#pragma once

#include "engine/cl/ClError.h"
#include "engine/cl/DeviceContext.h"
#include "DevicePool.h"
#include "HostStaging.h"
#include "PinnedResults.h"
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
  // Declared after the context, so they go before it.
  DevicePool pool{context};
  PinnedResults results{context};
  HostStaging staging{context, results};
  cl::Kernel scale[2];      // kernels/scale.cl in single and double precision, made on first use
  cl::Kernel transpose[2];  // kernels/transpose.cl, likewise
};

// The context for a device selector as fftscope's (see DeviceBuffer.h); FFTW is refused.
std::shared_ptr<SharedContext> contextForDevice(const std::string& device);

// Every context's pool (the module's own, then the outside queues'), for free_all_blocks.
std::vector<std::shared_ptr<SharedContext>> sharedContexts();

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

// A device array's memory (DeviceBuffer.h): a buffer in one of the shared contexts, from its pool
// (given back to it when the memory goes) or wrapped (a PyOpenCL array's, only released).
struct DeviceMemory {
  DeviceMemory() = default;
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;
  ~DeviceMemory() {
    if (pooled && buffer) shared->pool.release(std::move(buffer), bytes);
  }
  std::shared_ptr<SharedContext> shared;
  cl::Buffer buffer;  // none for an empty array
  std::size_t bytes = 0;
  bool pooled = false;
};

}  // namespace fftscope::python
