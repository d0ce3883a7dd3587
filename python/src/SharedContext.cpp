#include "SharedContext.h"

#include <map>

namespace fftscope::python {
namespace {

std::mutex registryMutex;
std::map<int, std::shared_ptr<SharedContext>>& registry() {
  static std::map<int, std::shared_ptr<SharedContext>> contexts;
  return contexts;
}
std::map<cl_command_queue, std::shared_ptr<SharedContext>>& outsideRegistry() {
  static std::map<cl_command_queue, std::shared_ptr<SharedContext>> contexts;
  return contexts;
}

// Every context, the outside ones after the module's own.
std::vector<std::shared_ptr<SharedContext>> allContexts() {
  std::vector<std::shared_ptr<SharedContext>> all;
  for (auto& [index, shared] : registry()) all.push_back(shared);
  for (auto& [queue, shared] : outsideRegistry()) all.push_back(shared);
  return all;
}
bool recording = false;  // guarded by registryMutex

bool isOutOfMemory(cl_int code) {
  return code == CL_MEM_OBJECT_ALLOCATION_FAILURE || code == CL_OUT_OF_RESOURCES || code == CL_OUT_OF_HOST_MEMORY ||
         code == CL_INVALID_BUFFER_SIZE;
}

}  // namespace

std::shared_ptr<SharedContext> sharedContext(const cl::DeviceInfo& info) {
  std::lock_guard lock(registryMutex);
  auto& slot = registry()[info.index];
  if (!slot) {
    slot = std::make_shared<SharedContext>(info);
    slot->context.recordTransfers(recording);
  }
  return slot;
}

std::vector<std::shared_ptr<SharedContext>> sharedContexts() {
  std::lock_guard lock(registryMutex);
  return allContexts();
}

std::shared_ptr<SharedContext> contextForDevice(const std::string& device) {
  if (device == "fftw") throw std::invalid_argument("device arrays need an OpenCL device; FFTW runs on the host");
  if (isOutsideQueue(device)) return outsideContext(device);
  try {
    return sharedContext(cl::chooseDevice(device));
  } catch (const cl::NoPlatformError& e) {
    throw std::runtime_error(std::string("device arrays need an OpenCL device: ") + e.what());
  }
}

bool isOutsideQueue(const std::string& selector) { return selector.rfind(kOutsideQueue, 0) == 0; }

std::shared_ptr<SharedContext> outsideContext(const std::string& selector) {
  const std::string digits = selector.substr(std::string(kOutsideQueue).size());
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
    throw std::invalid_argument("not a command queue: " + selector);
  auto queue = reinterpret_cast<cl_command_queue>(std::uintptr_t(std::stoull(digits)));
  std::lock_guard lock(registryMutex);
  auto& slot = outsideRegistry()[queue];
  if (slot) return slot;
  cl_context context = nullptr;
  cl_device_id id = nullptr;
  cl::check(clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof context, &context, nullptr), "clGetCommandQueueInfo");
  cl::check(clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof id, &id, nullptr), "clGetCommandQueueInfo");
  for (const cl::DeviceInfo& info : cl::listDevices())
    if (info.id == id) {
      slot = std::make_shared<SharedContext>(info, context, queue);
      slot->context.recordTransfers(recording);
      return slot;
    }
  outsideRegistry().erase(queue);
  throw std::invalid_argument("the command queue's device is not one of the OpenCL devices listed");
}

void rethrowDeviceError(const cl::ClError& error, const std::string& device) {
  if (isOutOfMemory(error.code())) throw DoesNotFit(device + ": " + error.what());
  throw std::runtime_error(device + ": " + error.what());
}

void recordTransfers(bool on) {
  std::lock_guard lock(registryMutex);
  recording = on;
  for (auto& shared : allContexts()) {
    std::lock_guard use(shared->mutex);
    shared->context.recordTransfers(on);
  }
}

std::vector<TransferRecord> takeTransfers() {
  std::lock_guard lock(registryMutex);
  std::vector<TransferRecord> records;
  for (auto& shared : allContexts()) {
    std::lock_guard use(shared->mutex);
    for (const cl::Transfer& t : shared->context.takeTransfers())
      records.push_back({shared->context.device().index, t.upload, t.bytes});
  }
  return records;
}

}  // namespace fftscope::python
