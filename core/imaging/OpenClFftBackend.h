// FftBackend on the project's OpenCL engine. Plans are baked once per (rows, cols, direction)
// and kept; the device buffers are kept between calls and grown when a larger plane comes. The
// engine's inverse carries 1/N, which is undone here (exactly: N is a power of two) so that both
// backends answer alike. The timing records of the launches since the last takeTimings() are kept
// for the status bar. Like the engine's DeviceContext, one instance serves one thread.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/planning/PlanPolicy.h"
#include "engine/runtime/Plan.h"
#include "engine/runtime/StagedRun.h"
#include "imaging/FftBackend.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace fftscope::imaging {

class OpenClFftBackend final : public FftBackend {
 public:
  // Creates a context on the device; throws cl::ClError when it cannot.
  explicit OpenClFftBackend(const cl::DeviceInfo& device);
  ~OpenClFftBackend() override;
  OpenClFftBackend(const OpenClFftBackend&) = delete;
  OpenClFftBackend& operator=(const OpenClFftBackend&) = delete;

  void forward(std::complex<float>* data, int rows, int cols) override;
  void inverse(std::complex<float>* data, int rows, int cols) override;

  // Bakes the plans for this size now (kernels compiled, tables uploaded). Throws
  // std::invalid_argument, naming the limit, for a transform that would not fit the device.
  void prepare(int rows, int cols);

  const cl::DeviceInfo& device() const;
  // The context, for other device work on the same thread (DeviceImageFilter).
  cl::DeviceContext& context() { return *context_; }
  // The plan's summary of the last transform, e.g. "2D 512x512 x1 f32 forward auto/table/tiled",
  // and the passes it ran, e.g. "local_fft, transpose, local_fft, transpose".
  std::string lastPlanSummary() const { return lastSummary_; }
  // The launches since the previous call, in order.
  std::vector<TimingRecord> takeTimings();
  std::size_t plansBaked() const { return plans_.size(); }
  // Plans made from now on are chosen by the policy where it has wisdom: the winner
  // `fftscope-cli --plan measure` stored for this device and size, where there is one; others keep
  // auto's own plan. Nothing is measured here (the policy is given no measurer).
  void usePlanPolicy(PlanPolicy policy) { policy_ = std::move(policy); }

 private:
  Plan& plan(int rows, int cols, Direction direction);
  void run(std::complex<float>* data, int rows, int cols, Direction direction);

  std::unique_ptr<cl::DeviceContext> context_;
  std::map<std::tuple<int, int, Direction>, std::unique_ptr<Plan>> plans_;
  StagedRun staged_;
  std::vector<TimingRecord> timings_;
  std::string lastSummary_;
  std::optional<PlanPolicy> policy_;
};

}  // namespace fftscope::imaging
