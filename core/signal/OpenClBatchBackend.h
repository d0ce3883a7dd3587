// BatchFftBackend on the project's OpenCL engine: one 1D plan of n points x count rows baked per
// shape and kept, device buffers kept and grown, one write, one enqueue and one read per call.
// The timing records of the launches since the last takeTimings() are kept (transfers are recorded
// by the context, when it is asked to). Like the engine's DeviceContext, one instance serves one
// thread: the thread that owns the context.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/runtime/Plan.h"
#include "engine/runtime/StagedRun.h"
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
  // On a context someone else owns (the GUI's engine thread), which must outlive this backend.
  explicit OpenClBatchBackend(cl::DeviceContext& context);
  ~OpenClBatchBackend() override;
  OpenClBatchBackend(const OpenClBatchBackend&) = delete;
  OpenClBatchBackend& operator=(const OpenClBatchBackend&) = delete;

  // Any n the engine takes; plans are kept per (n, count).
  void forwardRows(std::complex<float>* rows, std::size_t n, std::size_t count) override;
  bool powerOfTwoOnly() const override { return false; }
  std::string name() const override;

  const cl::DeviceInfo& device() const { return context_->device(); }
  std::vector<TimingRecord> takeTimings();

 private:
  std::unique_ptr<cl::DeviceContext> owned_;  // null on a borrowed context
  cl::DeviceContext* context_;
  std::map<std::pair<std::size_t, std::size_t>, std::unique_ptr<Plan>> plans_;
  StagedRun staged_;
  std::vector<TimingRecord> timings_;
};

}  // namespace fftscope::signal
