// A plan run in place on host data through two device buffers that are kept between calls and
// grown when a larger transform comes: what the FFT backends of the imaging and signal pipelines
// do for every call. Like the DeviceContext it uses, for one thread.
#pragma once

#include "engine/runtime/Plan.h"

#include <vector>

namespace fftscope {

class StagedRun {
 public:
  // Uploads plan.description().bytes() from `data`, transforms and reads the result back into it.
  std::vector<TimingRecord> run(cl::DeviceContext& context, Plan& plan, void* data);
  // Releases the buffers (before the context they belong to goes).
  void release();

 private:
  cl::Buffer input_;
  cl::Buffer output_;
  std::size_t bytes_ = 0;
};

}  // namespace fftscope
