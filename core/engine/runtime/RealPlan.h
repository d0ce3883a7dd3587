// Transforms of real data, with NumPy's half-spectrum layout (rfft, irfft, rfft2, irfft2): a row
// of N reals has N/2 + 1 complex bins. The description is that of the real transform: `cols` real
// values along the last axis, `rows` (2D) and `batch` as for a complex plan; Forward is real to
// complex (R2C), Inverse complex to real (C2R, scaled by 1/N like the complex inverse).
//
// Even N runs a complex transform of N/2 points over the reals read as complex pairs and one
// untangling pass (or a tangling pass before the inverse), so it costs about half of a complex
// transform of N points. Odd N runs the complex transform of N points between a widening (or
// Hermitian extension) and a crop (or real part). In 2D the columns of the half spectrum are read
// in place on GPUs, or transformed between two transposes (RealSteps.h says when).
#pragma once

#include "engine/planning/RealSteps.h"
#include "engine/runtime/Plan.h"

#include <memory>
#include <vector>

namespace fftscope {

// Complex bins of a real row of n values: n / 2 + 1.
constexpr std::size_t halfSpectrumLength(std::size_t n) { return n / 2 + 1; }

class RealPlan {
 public:
  RealPlan(cl::DeviceContext& context, const PlanDescription& real);
  // Planned for other limits than the device's (tests run a GPU's plans on a CPU device).
  RealPlan(cl::DeviceContext& context, const PlanDescription& real, const DeviceLimits& limits);
  ~RealPlan();

  // The programs such a plan builds, in the order it builds them (for DeviceContext::buildAhead).
  static std::vector<cl::ProgramKey> programs(const PlanDescription& real, const DeviceLimits& limits);

  const PlanDescription& description() const { return description_; }
  // Every launch in order: the complex plans' passes and the real kernels between them.
  const std::vector<PassInfo>& passes() const { return passes_; }
  std::size_t realBytes() const;     // batch · rows · cols reals
  std::size_t complexBytes() const;  // batch · rows · (cols/2 + 1) complex values
  std::size_t inputBytes() const { return description_.direction == Direction::Forward ? realBytes() : complexBytes(); }
  std::size_t outputBytes() const { return description_.direction == Direction::Forward ? complexBytes() : realBytes(); }

  // `in` (inputBytes) is only read; `out` holds outputBytes. Events as Plan::enqueue's.
  PendingRun enqueue(cl_mem in, cl_mem out, LaunchEvents wanted = LaunchEvents::Each);

 private:
  struct Step;  // one baked complex plan or one real kernel, with its buffers

  cl::DeviceContext& context_;
  PlanDescription description_;
  std::vector<Step> steps_;
  std::vector<PassInfo> passes_;
  cl::Buffer scratch_[2];
};

}  // namespace fftscope
