#include "engine/runtime/RealPlan.h"

#include "engine/cl/KernelArgs.h"
#include "engine/runtime/PassKernels.h"

#include <algorithm>
#include <stdexcept>

namespace fftscope {

struct RealPlan::Step {
  std::unique_ptr<Plan> plan;  // a complex plan, or
  cl::Kernel kernel;           // one of kernels/real.cl
  std::string name;
  cl_uint m = 0, rows = 0;
  int source = kInput, destination = kOutput;
};

RealPlan::RealPlan(cl::DeviceContext& context, const PlanDescription& real)
    : RealPlan(context, real, limitsOf(context.device())) {}

RealPlan::RealPlan(cl::DeviceContext& context, const PlanDescription& real, const DeviceLimits& limits)
    : context_(context), description_(real) {
  validate(real);
  checkFitsDevice(real, context.device());  // the complex data of the same shape is larger than either side
  const std::vector<RealStep> planned = planRealSteps(real, limits);
  for (const RealStep& s : planned) {
    Step step;
    if (s.kernel.empty()) {
      step.plan = std::make_unique<Plan>(context_, s.complex, s.passes);
    } else {
      step.kernel = context_.kernel(programKey(s.passes[0], real.precision, real.direction), s.kernel.c_str());
      step.name = s.kernel;
      step.m = static_cast<cl_uint>(s.m);
      step.rows = static_cast<cl_uint>(s.passes[0].rows);
    }
    step.source = s.source;
    step.destination = s.destination;
    steps_.push_back(std::move(step));
  }
  passes_ = realStepPasses(planned);

  // Scratch holds the largest intermediate: the half spectrum (its rows padded where its column
  // passes read them so: the complex steps' shapes), or the rows of the complex transform along
  // the last axis (N/2 points for even N, N for odd).
  const std::size_t n = real.cols, lines = (real.dimensions == 2 ? real.rows : 1) * real.batch;
  std::size_t scratchBytes =
      std::max(complexBytes(), lines * (n % 2 == 0 ? n / 2 : n) * bytesPerComplex(real.precision));
  for (const RealStep& s : planned)
    if (s.kernel.empty()) scratchBytes = std::max(scratchBytes, s.complex.bytes());
  for (cl::Buffer& b : scratch_) b = context_.buffer(scratchBytes);
}

RealPlan::~RealPlan() = default;

std::vector<cl::ProgramKey> RealPlan::programs(const PlanDescription& real, const DeviceLimits& limits) {
  validate(real);
  std::vector<cl::ProgramKey> keys;
  for (const RealStep& s : planRealSteps(real, limits)) {
    const Direction direction = s.kernel.empty() ? s.complex.direction : real.direction;
    for (const PassInfo& pass : s.passes) {
      cl::ProgramKey key = programKey(pass, real.precision, direction);
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(std::move(key));
    }
  }
  return keys;
}

std::size_t RealPlan::realBytes() const {
  return description_.elements() * (bytesPerComplex(description_.precision) / 2);
}

std::size_t RealPlan::complexBytes() const {
  const std::size_t rows = description_.dimensions == 2 ? description_.rows : 1;
  return description_.batch * rows * halfSpectrumLength(description_.cols) * bytesPerComplex(description_.precision);
}

PendingRun RealPlan::enqueue(cl_mem in, cl_mem out, LaunchEvents wanted) {
  if (in == out) throw std::invalid_argument("RealPlan::enqueue transforms out of place: input and output must differ");
  cl_mem buffers[4] = {in, out, scratch_[0].get(), scratch_[1].get()};
  std::vector<cl::Event> events;
  std::vector<std::size_t> eventPass;
  std::size_t passIndex = 0;
  for (std::size_t s = 0; s < steps_.size(); ++s) {
    Step& step = steps_[s];
    // Each step's events as asked, but Last only for the last step (the queue runs in order).
    const LaunchEvents stepEvents =
        wanted == LaunchEvents::Last && s + 1 != steps_.size() ? LaunchEvents::None : wanted;
    cl_mem source = buffers[step.source], destination = buffers[step.destination];
    if (step.plan) {
      const std::size_t first = passIndex;
      passIndex += step.plan->passes().size();  // steps run whole, never in chunks (RealSteps.cpp)
      std::vector<cl::Event> launched = step.plan->enqueue(source, destination, {}, stepEvents).releaseEvents();
      if (stepEvents == LaunchEvents::Each && launched.size() != step.plan->passes().size())
        throw std::logic_error("RealPlan::enqueue: a step launched other than its passes once each");
      for (std::size_t j = 0; j < launched.size(); ++j) {
        events.push_back(std::move(launched[j]));
        eventPass.push_back(stepEvents == LaunchEvents::Each ? first + j : passIndex - 1);
      }
      continue;
    }
    const PassInfo& pass = passes_[passIndex++];
    cl::setArgs(step.kernel.get(), step.name, source, destination, step.m, step.rows);
    cl_event event = nullptr;
    const cl_int code = clEnqueueNDRangeKernel(context_.queue(), step.kernel.get(), 2, nullptr, pass.global.data(),
                                               pass.local.data(), 0, nullptr, stepEvents == LaunchEvents::None ? nullptr : &event);
    if (code != CL_SUCCESS) throw cl::ClError("clEnqueueNDRangeKernel(" + step.name + ")", code);
    if (stepEvents != LaunchEvents::None) {
      events.emplace_back(event);
      eventPass.push_back(passIndex - 1);
    }
  }
  return PendingRun(std::move(events), &passes_, std::move(eventPass), wanted);
}

}  // namespace fftscope
