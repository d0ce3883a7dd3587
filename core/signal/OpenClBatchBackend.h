// BatchFftBackend on the project's OpenCL engine: one 1D plan of n points x count rows baked per
// shape and kept, device buffers kept and grown, one write, one enqueue and one read per call.
// The timing records of the launches since the last takeTimings() are kept. Like the engine's
// DeviceContext, one instance serves one thread.
#pragma once

#include "engine/Plan.h"
#include "engine/cl/DeviceContext.h"
#include "signal/BatchFftBackend.h"

#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace fftscope::signal {

class OpenClBatchBackend final : public BatchFftBackend {
 public:
  // Creates a context on the device; throws cl::ClError when it cannot.
  explicit OpenClBatchBackend(const cl::DeviceInfo& device);
  ~OpenClBatchBackend() override;
  OpenClBatchBackend(const OpenClBatchBackend&) = delete;
  OpenClBatchBackend& operator=(const OpenClBatchBackend&) = delete;

  // Throws std::invalid_argument for n not a power of two (before any device work).
  void forwardRows(std::complex<float>* rows, std::size_t n, std::size_t count) override;
  bool powerOfTwoOnly() const override { return true; }
  std::string name() const override;

  const cl::DeviceInfo& device() const { return context_->device(); }
  std::vector<TimingRecord> takeTimings();

 private:
  std::unique_ptr<cl::DeviceContext> context_;
  std::map<std::pair<std::size_t, std::size_t>, std::unique_ptr<Plan>> plans_;
  cl::Buffer input_;
  cl::Buffer output_;
  std::size_t bufferBytes_ = 0;
  std::vector<TimingRecord> timings_;
};

}  // namespace fftscope::signal
