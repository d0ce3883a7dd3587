// One OpenCL device in use: its context, a profiling command queue, and the programs built for
// it, one a program key (ProgramKey.h) and source, so that each kernel is compiled once per device
// and an edited kernel (FFTSCOPE_KERNEL_DIR) is compiled again; their binaries are kept on disk
// too, so that the next start on the same driver builds none (ProgramBuild.h).
// Only one thread may use a DeviceContext at a time, except that programs may be built ahead on
// another (buildAhead) and buffers made there (OpenCL's calls are thread-safe; the program map
// is locked) while it works.
#pragma once

#include "engine/cl/ClHandles.h"
#include "engine/cl/Devices.h"
#include "engine/cl/ProgramKey.h"

#include <cstddef>
#include <future>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace fftscope::cl {

// Host-device copies made through a DeviceContext, with their device-clock start and end, for
// whoever charts the device's work (the application's timing feed).
struct Transfer {
  bool upload = true;  // host to device; false: device to host
  std::size_t bytes = 0;
  std::uint64_t start = 0;
  std::uint64_t end = 0;
};

class DeviceContext {
 public:
  explicit DeviceContext(const DeviceInfo& device);
  // On a context shared with other devices of the same platform (DeviceSet.h): buffers of one
  // can be given to another's queue, and the driver keeps one copy of what they share.
  DeviceContext(const DeviceInfo& device, const Context& shared);
  // On a context and in-order queue made elsewhere (a PyOpenCL array's), both retained here: the
  // engine's work runs in order with the owner's, on the owner's buffers. A queue made without
  // profiling leaves transfers unrecorded.
  DeviceContext(const DeviceInfo& device, cl_context outside, cl_command_queue queue);
  DeviceContext(const DeviceContext&) = delete;
  DeviceContext& operator=(const DeviceContext&) = delete;

  const DeviceInfo& device() const { return device_; }
  cl_context context() const { return context_.get(); }
  cl_command_queue queue() const { return queue_.get(); }

  // Builds (or finds in the cache) the key's program; a build failure throws ClError carrying the
  // build log.
  cl_program program(const ProgramKey& key);
  Kernel kernel(const ProgramKey& key, const char* name);
  // Builds the keys' programs on a thread of its own, so that a plan needed later finds them built
  // while this thread goes on with other work (uploads, transforms). A key whose build fails is
  // left for program() to build again and report; the future is ready when every build has ended.
  std::future<void> buildAhead(std::vector<ProgramKey> keys);
  Kernel kernel(const std::string& family, const std::string& options, const char* name) {
    return kernel(ProgramKey{family, options}, name);
  }

  // host: the memory of a CL_MEM_USE_HOST_PTR buffer (which a CPU device uses as it is).
  Buffer buffer(std::size_t bytes, cl_mem_flags flags = CL_MEM_READ_WRITE, void* host = nullptr) const;
  void write(cl_mem buffer, const void* data, std::size_t bytes, std::size_t offset = 0) const;
  void read(cl_mem buffer, void* data, std::size_t bytes, std::size_t offset = 0) const;
  void finish() const;
  std::size_t programsBuilt() const {
    std::lock_guard lock(programsMutex_);
    return programs_.size();
  }

  // Off by default; once on, every write and read is remembered until taken.
  void recordTransfers(bool on) { recordTransfers_ = on && profiles_; }
  bool sharesContext() const { return shared_; }
  std::vector<Transfer> takeTransfers();
  // A copy made on another queue of this context (StagedUpload.h), remembered as write's are.
  void recordTransfer(const Transfer& transfer) const {
    if (recordTransfers_) transfers_.push_back(transfer);
  }

 private:
  void makeQueue();

  DeviceInfo device_;
  Context context_;
  Queue queue_;
  // A program and a hash of the source it was built from: an edited kernel (FFTSCOPE_KERNEL_DIR)
  // is built again.
  struct Built {
    std::size_t sourceHash = 0;
    Program program;
  };
  std::unordered_multimap<ProgramKey, Built, ProgramKeyHash> programs_;
  mutable std::mutex programsMutex_;  // programs_, shared with buildAhead's thread
  bool recordTransfers_ = false;
  bool shared_ = false;
  bool profiles_ = true;  // the queue records start and end times
  mutable std::vector<Transfer> transfers_;  // a const read still happened on the device
};

}  // namespace fftscope::cl
