#include "SharedContext.h"

#include <map>

namespace fftscope::python {
namespace {

std::mutex registryMutex;
std::map<int, std::shared_ptr<SharedContext>>& registry() {
  static std::map<int, std::shared_ptr<SharedContext>> contexts;
  return contexts;
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

void rethrowDeviceError(const cl::ClError& error, const std::string& device) {
  if (isOutOfMemory(error.code())) throw DoesNotFit(device + ": " + error.what());
  throw std::runtime_error(device + ": " + error.what());
}

void recordTransfers(bool on) {
  std::lock_guard lock(registryMutex);
  recording = on;
  for (auto& [index, shared] : registry()) {
    std::lock_guard use(shared->mutex);
    shared->context.recordTransfers(on);
  }
}

std::vector<TransferRecord> takeTransfers() {
  std::lock_guard lock(registryMutex);
  std::vector<TransferRecord> records;
  for (auto& [index, shared] : registry()) {
    std::lock_guard use(shared->mutex);
    for (const cl::Transfer& t : shared->context.takeTransfers()) records.push_back({index, t.upload, t.bytes});
  }
  return records;
}

}  // namespace fftscope::python
