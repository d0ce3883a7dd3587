// Copies between host arrays (NumPy's memory, pageable) and a device buffer, through pinned
// memory where that pays: pageable copies cross the bus at a fraction of its speed (3-7 GB/s
// against 55 from pinned memory on an H200's host), and one thread's memcpy is slower still.
// Uploads go through the engine's StagedUpload (a ring of pinned chunks filled on several
// threads while the last one crosses, on a queue of its own), downloads through PinnedStaging
// (two pinned chunks: one crosses while the other is copied out on several threads, which also
// touches a fresh output's pages in parallel). Small copies, and any on a CPU device (whose
// buffers are host memory already), go straight through the context's queue.
//
// One per context (SharedContext.h), used with its mutex held; the pinned memory is made on the
// first staged copy. Both calls return once the copy is done, so the host memory may be reused.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "PinnedResults.h"

#include <cstddef>
#include <memory>

namespace fftscope::cl {
class StagedUpload;
}
namespace fftscope::multi {
class PinnedStaging;
}

namespace fftscope::python {

// Auto: staged from kStagedBytes on devices other than CPUs; Always and Never for tests and
// measurements (fftscope._engine.set_staging).
enum class StagingMode { Auto, Always, Never };
void setStagingMode(StagingMode mode);
StagingMode stagingMode();
constexpr std::size_t kStagedBytes = std::size_t(1) << 20;

class HostStaging {
 public:
  // Results in `results`' pinned blocks are read straight into them.
  HostStaging(cl::DeviceContext& context, const PinnedResults& results);
  ~HostStaging();
  HostStaging(const HostStaging&) = delete;
  HostStaging& operator=(const HostStaging&) = delete;

  void upload(cl_mem buffer, const void* data, std::size_t bytes);
  void download(cl_mem buffer, void* data, std::size_t bytes);
  // Whether copies of `bytes` go through pinned memory.
  bool staged(std::size_t bytes) const;

 private:
  cl::DeviceContext& context_;
  const PinnedResults& results_;
  std::unique_ptr<cl::StagedUpload> up_;
  std::unique_ptr<multi::PinnedStaging> down_;
};

}  // namespace fftscope::python
