#include "engine/RealPlan.h"

#include "engine/cl/KernelArgs.h"

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

namespace {

PlanDescription complexOf(const PlanDescription& real, std::size_t length, std::size_t rows) {
  PlanDescription d = PlanDescription::oneD(length, rows);
  d.direction = real.direction;
  d.precision = real.precision;
  d.variant = real.variant;
  d.twiddle = real.twiddle;
  d.transpose = real.transpose;
  return d;
}

PlanDescription transposeOf(const PlanDescription& real, std::size_t rows, std::size_t cols, std::size_t batch) {
  PlanDescription d = PlanDescription::twoD(rows, cols, batch);
  d.precision = real.precision;
  d.transpose = real.transpose == TransposeMode::None ? TransposeMode::Tiled : real.transpose;
  return d;
}

}  // namespace

RealPlan::RealPlan(cl::DeviceContext& context, const PlanDescription& real) : context_(context), description_(real) {
  validate(real);
  checkFitsDevice(real, context.device());  // the complex data of the same shape is larger than either side
  const std::size_t n = real.cols, rows = real.dimensions == 2 ? real.rows : 1, batch = real.batch;
  const std::size_t lines = rows * batch;  // real rows along the last axis
  const std::size_t width = halfSpectrumLength(n);
  const bool even = n % 2 == 0;
  const bool forward = real.direction == Direction::Forward;
  const DeviceLimits limits = limitsOf(context.device());

  // Each step reads where the previous one wrote, ping-ponging between the two scratch buffers;
  // the last one writes the output.
  int current = kInput;
  auto next = [&current] { return current == kScratchA ? kScratchB : kScratchA; };
  auto plan = [&](const PlanDescription& d, std::vector<PassInfo> passes) {
    addPlan(d, std::move(passes), current, next());
    current = next();
  };
  auto kernel = [&](const char* name, std::size_t m, std::size_t across, std::uint64_t read, std::uint64_t written) {
    addKernel(name, m, lines, across, current, next(), read, written);
    current = next();
  };
  auto columns = [&] {
    if (real.dimensions != 2) return;
    PlanDescription t = transposeOf(real, rows, width, batch);
    plan(t, transposeOnlyPasses(t, limits));
    plan(complexOf(real, rows, width * batch), {});
    PlanDescription back = transposeOf(real, width, rows, batch);
    plan(back, transposeOnlyPasses(back, limits));
  };

  const std::uint64_t c = bytesPerComplex(real.precision), r = c / 2;
  if (forward) {
    if (even) {
      plan(complexOf(real, n / 2, lines), {});
      kernel("r2c_untangle", n / 2, width, lines * (n / 2) * c, lines * width * c);
    } else {
      kernel("real_widen", n, n, lines * n * r, lines * n * c);
      plan(complexOf(real, n, lines), {});
      kernel("half_crop", n, width, lines * width * c, lines * width * c);
    }
    columns();
  } else {
    columns();
    if (even) {
      kernel("c2r_tangle", n / 2, n / 2, lines * width * c, lines * (n / 2) * c);
      plan(complexOf(real, n / 2, lines), {});
    } else {
      kernel("hermitian_extend", n, n, lines * width * c, lines * n * c);
      plan(complexOf(real, n, lines), {});
      kernel("real_part", n, n, lines * n * c, lines * n * r);
    }
  }
  steps_.back().destination = kOutput;
  passes_.back().destination = kOutput;

  // Scratch holds the largest intermediate: the half spectrum, or the rows of the complex
  // transform along the last axis (N/2 points for even N, N for odd).
  const std::size_t scratchBytes = std::max(complexBytes(), lines * (even ? n / 2 : n) * c);
  for (cl::Buffer& b : scratch_) b = context_.buffer(scratchBytes);
}

RealPlan::~RealPlan() = default;

std::size_t RealPlan::realBytes() const {
  return description_.elements() * (bytesPerComplex(description_.precision) / 2);
}

std::size_t RealPlan::complexBytes() const {
  const std::size_t rows = description_.dimensions == 2 ? description_.rows : 1;
  return description_.batch * rows * halfSpectrumLength(description_.cols) * bytesPerComplex(description_.precision);
}

void RealPlan::addPlan(const PlanDescription& d, std::vector<PassInfo> passes, int source, int destination) {
  Step step;
  step.plan = passes.empty() ? std::make_unique<Plan>(context_, d) : std::make_unique<Plan>(context_, d, std::move(passes));
  step.source = source;
  step.destination = destination;
  for (PassInfo p : step.plan->passes()) {
    p.source = source;  // as seen from outside: the plan's own scratch stays inside it
    p.destination = destination;
    passes_.push_back(p);
  }
  steps_.push_back(std::move(step));
}

void RealPlan::addKernel(const char* name, std::size_t m, std::size_t rows, std::size_t width, int source,
                         int destination, std::uint64_t bytesRead, std::uint64_t bytesWritten) {
  Step step;
  std::string options = description_.precision == Precision::F64 ? "-D DOUBLE_PRECISION " : "";
  options += description_.direction == Direction::Forward ? "-D FFT_SIGN=-1" : "-D FFT_SIGN=1";
  step.kernel = context_.kernel("real", options, name);
  step.name = name;
  step.m = static_cast<cl_uint>(m);
  step.rows = static_cast<cl_uint>(rows);
  step.source = source;
  step.destination = destination;
  PassInfo p;
  p.kind = PassKind::Elementwise;
  p.elementwiseKernel = name;
  p.length = width;
  p.rows = rows;
  p.workDim = 2;
  p.local = {std::min<std::size_t>(64, context_.device().maxWorkGroupSize), 1, 1};
  p.global = {(width + p.local[0] - 1) / p.local[0] * p.local[0], rows, 1};
  p.bytesRead = bytesRead;
  p.bytesWritten = bytesWritten;
  p.source = source;
  p.destination = destination;
  passes_.push_back(p);
  steps_.push_back(std::move(step));
}

PendingRun RealPlan::enqueue(cl_mem in, cl_mem out) {
  if (in == out) throw std::invalid_argument("RealPlan::enqueue transforms out of place: input and output must differ");
  cl_mem buffers[4] = {in, out, scratch_[0].get(), scratch_[1].get()};
  std::vector<cl::Event> events;
  std::size_t passIndex = 0;
  for (Step& step : steps_) {
    cl_mem source = buffers[step.source], destination = buffers[step.destination];
    if (step.plan) {
      std::vector<cl::Event> launched = step.plan->enqueue(source, destination).releaseEvents();
      passIndex += launched.size();
      for (cl::Event& e : launched) events.push_back(std::move(e));
      continue;
    }
    const PassInfo& pass = passes_[passIndex++];
    cl::setArgs(step.kernel.get(), step.name, source, destination, step.m, step.rows);
    cl_event event = nullptr;
    cl::check(clEnqueueNDRangeKernel(context_.queue(), step.kernel.get(), 2, nullptr, pass.global.data(),
                                     pass.local.data(), 0, nullptr, &event),
              "clEnqueueNDRangeKernel(" + step.name + ")");
    events.emplace_back(event);
  }
  return PendingRun(std::move(events), &passes_);
}

}  // namespace fftscope
