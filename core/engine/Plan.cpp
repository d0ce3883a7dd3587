#include "engine/Plan.h"

#include "engine/TwiddleTable.h"
#include "engine/cl/KernelArgs.h"
#include "engine/cl/Profiling.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <stdexcept>

namespace fftscope {
namespace {

int twiddleModeNumber(TwiddleMode mode) {
  switch (mode) {
    case TwiddleMode::Table: return 0;
    case TwiddleMode::Sincos: return 1;
    case TwiddleMode::Native: return 2;
    case TwiddleMode::Recurrence: return 3;
  }
  return 0;
}

std::uint32_t log2u(std::size_t n) {
  std::uint32_t l = 0;
  while ((std::size_t{1} << l) < n) ++l;
  return l;
}

}  // namespace

DeviceLimits limitsOf(const cl::DeviceInfo& device) {
  return {device.localMemBytes, device.maxWorkGroupSize};
}

Plan::Plan(cl::DeviceContext& context, const PlanDescription& description)
    : context_(context), description_(description) {
  validate(description_);
  checkDevice();
  passes_ = planPasses(description_, limitsOf(context_.device()));
  bake();
}

Plan::Plan(cl::DeviceContext& context, const PlanDescription& description, std::vector<PassInfo> passes)
    : context_(context), description_(description), passes_(std::move(passes)) {
  validateShape(description_);
  checkDevice();
  bake();
}

void Plan::checkDevice() const {
  const cl::DeviceInfo& dev = context_.device();
  if (description_.precision == Precision::F64 && !dev.fp64)
    throw std::invalid_argument(dev.name + " has no double precision (cl_khr_fp64): use f32");
  if (description_.bytes() > dev.maxAllocBytes)
    throw std::invalid_argument(description_.summary() + " needs buffers of " + std::to_string(description_.bytes()) +
                                " bytes; " + dev.name + " allocates at most " + std::to_string(dev.maxAllocBytes));
}

std::string Plan::buildOptions(const PassInfo& pass) const {
  // Only integers go into options, so the user's locale cannot change them.
  std::string options;
  if (description_.precision == Precision::F64) options += "-D DOUBLE_PRECISION ";
  options += description_.direction == Direction::Forward ? "-D FFT_SIGN=-1" : "-D FFT_SIGN=1";
  switch (pass.kind) {
    case PassKind::Stockham:
      options += " -D RADIX=" + std::to_string(pass.radix) + " -D TWIDDLE_MODE=" +
                 std::to_string(twiddleModeNumber(pass.twiddle));
      break;
    case PassKind::Local:
      options += " -D LOCAL_POINTS=" + std::to_string(pass.span) + " -D RADIX=" + std::to_string(pass.radix) +
                 " -D TAIL_RADIX=" + std::to_string(pass.tailRadix) + " -D GROUP_ROWS=" + std::to_string(pass.groupRows) +
                 " -D TWIDDLE_MODE=" + std::to_string(twiddleModeNumber(pass.twiddle));
      break;
    case PassKind::Transpose:
      options += " -D TILE=" + std::to_string(pass.local[0]);
      options += pass.transpose == TransposeMode::Padded ? " -D TILE_PAD=1" : " -D TILE_PAD=0";
      if (pass.transpose == TransposeMode::Naive) options += " -D TRANSPOSE_NAIVE";
      break;
    case PassKind::Copy:
    case PassKind::Elementwise:
    case PassKind::Upload:
    case PassKind::Download:
      break;
  }
  return options;
}

cl_mem Plan::twiddleTable(const PassInfo& pass) {
  // Passes with the same radices and sub-sequence lengths share a table.
  auto key = std::make_tuple(static_cast<int>(pass.kind), pass.radix, pass.tailRadix, pass.p, pass.span);
  for (auto& [k, buffer] : tables_)
    if (k == key) return buffer.get();
  cl::Buffer buffer;
  if (description_.precision == Precision::F32) {
    auto table = passTwiddlesF32(pass, description_.direction);
    buffer = context_.buffer(table.size() * sizeof(table[0]), CL_MEM_READ_ONLY);
    context_.write(buffer.get(), table.data(), table.size() * sizeof(table[0]));
  } else {
    auto table = passTwiddlesF64(pass, description_.direction);
    buffer = context_.buffer(table.size() * sizeof(table[0]), CL_MEM_READ_ONLY);
    context_.write(buffer.get(), table.data(), table.size() * sizeof(table[0]));
  }
  tables_.emplace_back(key, std::move(buffer));
  return tables_.back().second.get();
}

void Plan::bake() {
  const cl::DeviceInfo& dev = context_.device();
  std::uint64_t total = description_.bytes() * (2 + scratchBuffersUsed(passes_));
  if (total > dev.globalMemBytes)
    throw std::invalid_argument(description_.summary() + " needs " + std::to_string(total) + " bytes of device memory; " +
                                dev.name + " has " + std::to_string(dev.globalMemBytes));
  for (int i = 0; i < scratchBuffersUsed(passes_); ++i) scratch_[i] = context_.buffer(description_.bytes());
  for (const PassInfo& pass : passes_) {
    Launch launch;
    std::string name = pass.kernelName();
    launch.kernel = context_.kernel(name, buildOptions(pass), name.c_str());
    if (pass.kind == PassKind::Local) {
      // The compiler may allow fewer work-items than the device does (registers, local memory).
      std::size_t allowed = 0;
      cl::check(clGetKernelWorkGroupInfo(launch.kernel.get(), context_.device().id, CL_KERNEL_WORK_GROUP_SIZE,
                                         sizeof(allowed), &allowed, nullptr),
                "clGetKernelWorkGroupInfo");
      if (allowed < pass.local[0] * pass.local[1])
        throw std::invalid_argument("local_fft of " + std::to_string(pass.span) + " points needs " +
                                    std::to_string(pass.local[0] * pass.local[1]) + " work-items per group; " +
                                    context_.device().name + " allows " + std::to_string(allowed) +
                                    " for this kernel");
    }
    if ((pass.kind == PassKind::Stockham || pass.kind == PassKind::Local) && pass.twiddle == TwiddleMode::Table)
      launch.table = twiddleTable(pass);
    launches_.push_back(std::move(launch));
  }
}

void Plan::setArguments(const PassInfo& pass, Launch& launch, cl_mem source, cl_mem destination) {
  // The argument lists of kernels/*.cl, in order.
  cl_kernel k = launch.kernel.get();
  const std::string name = pass.kernelName();
  auto u32 = [](std::size_t v) { return static_cast<cl_uint>(v); };
  const cl_uint stride = u32(pass.stride), dist = u32(pass.dist);
  switch (pass.kind) {
    case PassKind::Stockham:
      cl::setArgs(k, name, source, destination, launch.table, u32(pass.p), u32(log2u(pass.length / pass.radix)),
                  u32(pass.rows), u32(pass.batchFastest ? 1 : 0), stride, dist, stride, dist, pass.scale);
      break;
    case PassKind::Local:
      cl::setArgs(k, name, source, destination, launch.table, u32(pass.length / pass.span),
                  u32(pass.rows * (pass.length / pass.span)), stride, dist, stride, dist, pass.scale);
      break;
    case PassKind::Transpose:
      cl::setArgs(k, name, source, destination, u32(pass.span), u32(pass.length));
      break;
    case PassKind::Copy:
      cl::setArgs(k, name, source, destination, u32(pass.rows));
      break;
    case PassKind::Elementwise:
    case PassKind::Upload:
    case PassKind::Download:
      throw std::logic_error("a plan has only transform passes");
  }
}

PendingRun Plan::enqueue(cl_mem in, cl_mem out, const std::vector<cl_event>& waitFor) {
  if (in == out) throw std::invalid_argument("Plan::enqueue transforms out of place: input and output must differ");
  cl_mem buffers[4] = {in, out, scratch_[0].get(), scratch_[1].get()};
  std::vector<cl::Event> events;
  for (std::size_t i = 0; i < passes_.size(); ++i) {
    const PassInfo& pass = passes_[i];
    setArguments(pass, launches_[i], buffers[pass.source], buffers[pass.destination]);
    cl_event event = nullptr;
    const bool first = i == 0 && !waitFor.empty();
    cl::check(clEnqueueNDRangeKernel(context_.queue(), launches_[i].kernel.get(), pass.workDim, nullptr,
                                     pass.global.data(), pass.local.data(), first ? static_cast<cl_uint>(waitFor.size()) : 0,
                                     first ? waitFor.data() : nullptr, &event),
              "clEnqueueNDRangeKernel(" + pass.label() + ")");
    events.emplace_back(event);
  }
  return PendingRun(std::move(events), &passes_);
}

PendingRun Plan::enqueuePass(std::size_t index, cl_mem source, cl_mem destination,
                             const std::vector<cl_event>& waitFor) {
  if (index >= passes_.size())
    throw std::out_of_range("Plan::enqueuePass: pass " + std::to_string(index) + " of " + std::to_string(passes_.size()));
  if (source == destination) throw std::invalid_argument("Plan::enqueuePass runs out of place: source and destination must differ");
  const PassInfo& pass = passes_[index];
  setArguments(pass, launches_[index], source, destination);
  cl_event event = nullptr;
  cl::check(clEnqueueNDRangeKernel(context_.queue(), launches_[index].kernel.get(), pass.workDim, nullptr,
                                   pass.global.data(), pass.local.data(), static_cast<cl_uint>(waitFor.size()),
                                   waitFor.empty() ? nullptr : waitFor.data(), &event),
            "clEnqueueNDRangeKernel(" + pass.label() + ")");
  std::vector<cl::Event> events;
  events.emplace_back(event);
  return PendingRun(std::move(events), &passes_, index);
}

void PendingRun::wait() const {
  std::vector<cl_event> raw;
  for (const auto& e : events_) raw.push_back(e.get());
  if (!raw.empty()) cl::check(clWaitForEvents(static_cast<cl_uint>(raw.size()), raw.data()), "clWaitForEvents");
}

std::vector<TimingRecord> PendingRun::timings() const {
  wait();
  std::vector<TimingRecord> records;
  for (std::size_t i = 0; i < events_.size(); ++i) {
    TimingRecord r;
    r.pass = (*passes_)[firstPass_ + i];
    cl::DeviceInterval t = cl::eventInterval(events_[i].get());
    r.nanoseconds = t.nanoseconds();
    r.startNs = t.start;
    r.endNs = t.end;
    records.push_back(std::move(r));
  }
  return records;
}

TimingRecord transferRecord(const cl::Transfer& transfer) {
  TimingRecord r;
  r.pass.kind = transfer.upload ? PassKind::Upload : PassKind::Download;
  // A copy reads and writes its bytes once each, as a copy kernel would be counted.
  r.pass.bytesRead = r.pass.bytesWritten = transfer.bytes;
  r.startNs = transfer.start;
  r.endNs = transfer.end;
  r.nanoseconds = transfer.end - transfer.start;
  return r;
}

}  // namespace fftscope
