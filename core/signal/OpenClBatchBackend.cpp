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
  staged_.release();
}

std::string OpenClBatchBackend::name() const { return "OpenCL: " + context_->device().name; }

void OpenClBatchBackend::forwardRows(std::complex<float>* rows, std::size_t n, std::size_t count) {
  if (count < 1 || rows == nullptr) throw std::invalid_argument("an FFT of no rows");
  const auto key = std::make_pair(n, count);
  auto found = plans_.find(key);
  if (found == plans_.end()) found = plans_.emplace(key, std::make_unique<Plan>(*context_, PlanDescription::oneD(n, count))).first;
  Plan& plan = *found->second;
  std::vector<TimingRecord> records = staged_.run(*context_, plan, rows);
  timings_.insert(timings_.end(), records.begin(), records.end());
}

std::vector<TimingRecord> OpenClBatchBackend::takeTimings() {
  std::vector<TimingRecord> taken;
  taken.swap(timings_);
  return taken;
}

}  // namespace fftscope::signal
