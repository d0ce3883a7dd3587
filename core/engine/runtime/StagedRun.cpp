#include "engine/runtime/StagedRun.h"

namespace fftscope {

std::vector<TimingRecord> StagedRun::run(cl::DeviceContext& context, Plan& plan, void* data) {
  const std::size_t bytes = plan.description().bytes();
  if (bytes > bytes_) {
    release();  // the old pair goes first, so that both never hold device memory at once
    input_ = context.buffer(bytes);
    output_ = context.buffer(bytes);
    bytes_ = bytes;
  }
  context.write(input_.get(), data, bytes);
  PendingRun pending = plan.enqueue(input_.get(), output_.get());
  std::vector<TimingRecord> records = pending.timings();
  context.read(output_.get(), data, bytes);
  return records;
}

void StagedRun::release() {
  input_.reset();
  output_.reset();
  bytes_ = 0;
}

}  // namespace fftscope
