#include "engine/cl/DeviceContext.h"

#include "engine/cl/KernelSources.h"
#include "engine/cl/Profiling.h"
#include "engine/cl/ProgramBuild.h"
#include "io/MemoryBudget.h"

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <future>
#include <system_error>
#include <vector>

namespace fftscope::cl {

namespace {

// A CPU device's buffers are the host's memory, and PoCL allocates them only when a command first
// uses them, aborting the process where that allocation fails. So the bytes of every live buffer on
// such a device are counted, and a new buffer is refused while it would take them past the host's
// budget (io/MemoryBudget.h). Buffers already touched are in the budget's own measure too, so the
// rule errs on the side of refusing.
std::atomic<std::uint64_t>& hostBackedBytes() {
  static std::atomic<std::uint64_t> bytes{0};
  return bytes;
}

void CL_CALLBACK releaseHostBacked(cl_mem, void* bytes) {
  hostBackedBytes() -= std::uint64_t(reinterpret_cast<std::uintptr_t>(bytes));
}

}  // namespace

DeviceContext::DeviceContext(const DeviceInfo& device) : device_(device) {
  cl_int status = CL_SUCCESS;
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(device.platform), 0};
  context_ = Context(clCreateContext(props, 1, &device_.id, nullptr, nullptr, &status));
  check(status, "clCreateContext(" + device_.name + ")");
  makeQueue();
}

DeviceContext::DeviceContext(const DeviceInfo& device, const Context& shared)
    : device_(device), context_(shared.share()), shared_(true) {
  makeQueue();
}

DeviceContext::DeviceContext(const DeviceInfo& device, cl_context outside, cl_command_queue queue) : device_(device) {
  check(clRetainContext(outside), "clRetainContext");
  context_ = Context(outside);
  check(clRetainCommandQueue(queue), "clRetainCommandQueue");
  queue_ = Queue(queue);
  cl_command_queue_properties properties = 0;
  check(clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES, sizeof properties, &properties, nullptr),
        "clGetCommandQueueInfo");
  if (properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)
    throw std::invalid_argument("the engine needs an in-order command queue on " + device_.name);
  profiles_ = (properties & CL_QUEUE_PROFILING_ENABLE) != 0;
}

void DeviceContext::makeQueue() {
  cl_int status = CL_SUCCESS;
  // The 1.2 entry point, which every ICD and driver accepts.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  queue_ = Queue(clCreateCommandQueue(context_.get(), device_.id, CL_QUEUE_PROFILING_ENABLE, &status));
#pragma GCC diagnostic pop
  check(status, "clCreateCommandQueue(" + device_.name + ")");
}

cl_program DeviceContext::program(const ProgramKey& key) {
  const std::string source = kernelProgram(key.family);
  const std::size_t sourceHash = std::hash<std::string>{}(source);
  const auto find = [&]() -> cl_program {
    const auto [first, last] = programs_.equal_range(key);
    for (auto found = first; found != last; ++found)
      if (found->second.sourceHash == sourceHash) return found->second.program.get();
    return nullptr;
  };
  {
    std::lock_guard lock(programsMutex_);
    if (cl_program built = find()) return built;
  }
  // Built unlocked: a build takes milliseconds, and another thread's lookups need not wait for it.
  Program program = buildProgram(context_.get(), device_, key, source);
  std::lock_guard lock(programsMutex_);
  if (cl_program built = find()) return built;  // the other thread finished the same build first
  cl_program raw = program.get();
  programs_.emplace(key, Built{sourceHash, std::move(program)});
  return raw;
}

std::future<void> DeviceContext::buildAhead(std::vector<ProgramKey> keys) {
  try {
    return std::async(std::launch::async, [this, keys = std::move(keys)] {
      for (const ProgramKey& key : keys) {
        try {
          program(key);
        } catch (const std::exception&) {
          // Left unbuilt: the plan that needs it builds it again on its own thread and reports why.
        }
      }
    });
  } catch (const std::system_error&) {
    std::promise<void> none;  // no thread to spare: the plan builds them when it is made
    none.set_value();
    return none.get_future();
  }
}

Kernel DeviceContext::kernel(const ProgramKey& key, const char* name) {
  cl_int status = CL_SUCCESS;
  Kernel k(clCreateKernel(program(key), name, &status));
  check(status, std::string("clCreateKernel(") + name + ")");
  return k;
}

Buffer DeviceContext::buffer(std::size_t bytes, cl_mem_flags flags, void* host) const {
  if (bytes > device_.maxAllocBytes)
    throw std::invalid_argument("a buffer of " + std::to_string(bytes) + " bytes exceeds " + device_.name +
                                "'s largest allocation of " + std::to_string(device_.maxAllocBytes) + " bytes");
  const bool hostBacked = device_.type == "CPU";
  if (hostBacked)
    io::requireMemory(hostBackedBytes() + bytes, "a buffer of " + std::to_string(bytes) + " bytes on " + device_.name +
                                                     ", beside " + std::to_string(hostBackedBytes()) + " bytes of buffers there,");
  cl_int status = CL_SUCCESS;
  Buffer b(clCreateBuffer(context_.get(), flags, bytes, host, &status));
  check(status, "clCreateBuffer(" + std::to_string(bytes) + " bytes)");
  if (hostBacked &&
      clSetMemObjectDestructorCallback(b.get(), releaseHostBacked, reinterpret_cast<void*>(std::uintptr_t(bytes))) == CL_SUCCESS)
    hostBackedBytes() += bytes;
  return b;
}

void DeviceContext::write(cl_mem buffer, const void* data, std::size_t bytes, std::size_t offset) const {
  cl_event raw = nullptr;
  check(clEnqueueWriteBuffer(queue_.get(), buffer, CL_TRUE, offset, bytes, data, 0, nullptr,
                             recordTransfers_ ? &raw : nullptr),
        "clEnqueueWriteBuffer");
  if (raw) {
    Event event(raw);
    DeviceInterval t = eventInterval(raw);
    transfers_.push_back({true, bytes, t.start, t.end});
  }
}

void DeviceContext::read(cl_mem buffer, void* data, std::size_t bytes, std::size_t offset) const {
  cl_event raw = nullptr;
  check(clEnqueueReadBuffer(queue_.get(), buffer, CL_TRUE, offset, bytes, data, 0, nullptr,
                            recordTransfers_ ? &raw : nullptr),
        "clEnqueueReadBuffer");
  if (raw) {
    Event event(raw);
    DeviceInterval t = eventInterval(raw);
    transfers_.push_back({false, bytes, t.start, t.end});
  }
}

std::vector<Transfer> DeviceContext::takeTransfers() { return std::exchange(transfers_, {}); }

void DeviceContext::finish() const { check(clFinish(queue_.get()), "clFinish"); }

}  // namespace fftscope::cl
