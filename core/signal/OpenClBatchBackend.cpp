#include "signal/OpenClBatchBackend.h"

#include <stdexcept>
#include <string>

namespace fftscope::signal {

OpenClBatchBackend::OpenClBatchBackend(const cl::DeviceInfo& device)
    : owned_(std::make_unique<cl::DeviceContext>(device)), context_(owned_.get()) {}

OpenClBatchBackend::OpenClBatchBackend(cl::DeviceContext& context) : context_(&context) {}

// Plans hold a reference to the context: they go first.
OpenClBatchBackend::~OpenClBatchBackend() {
  plans_.clear();
  input_.reset();
  output_.reset();
}

std::string OpenClBatchBackend::name() const { return "OpenCL: " + context_->device().name; }

void OpenClBatchBackend::forwardRows(std::complex<float>* rows, std::size_t n, std::size_t count) {
  if (count < 1 || rows == nullptr) throw std::invalid_argument("an FFT of no rows");
  const auto key = std::make_pair(n, count);
  auto found = plans_.find(key);
  if (found == plans_.end()) found = plans_.emplace(key, std::make_unique<Plan>(*context_, PlanDescription::oneD(n, count))).first;
  Plan& plan = *found->second;
  const std::size_t bytes = plan.description().bytes();
  if (bytes > bufferBytes_) {
    input_.reset();
    output_.reset();
    bufferBytes_ = 0;
    input_ = context_->buffer(bytes);
    output_ = context_->buffer(bytes);
    bufferBytes_ = bytes;
  }
  context_->write(input_.get(), rows, bytes);
  PendingRun pending = plan.enqueue(input_.get(), output_.get());
  std::vector<TimingRecord> records = pending.timings();
  context_->read(output_.get(), rows, bytes);
  timings_.insert(timings_.end(), records.begin(), records.end());
}

std::vector<TimingRecord> OpenClBatchBackend::takeTimings() {
  std::vector<TimingRecord> taken;
  taken.swap(timings_);
  return taken;
}

}  // namespace fftscope::signal
