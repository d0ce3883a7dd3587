#include "engine/runtime/Plan.h"

#include "engine/planning/BluesteinLength.h"
#include "engine/algorithms/BluesteinTables.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/runtime/PassArguments.h"
#include "engine/runtime/PassKernels.h"
#include "engine/algorithms/Rader.h"
#include "engine/planning/SplitBluestein.h"
#include "engine/runtime/TableKey.h"
#include "engine/runtime/TwiddleTable.h"
#include "engine/cl/KernelArgs.h"
#include "engine/cl/Profiling.h"
#include "settings/ProcessSettings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>

namespace fftscope {
Plan::Plan(cl::DeviceContext& context, const PlanDescription& description)
    : context_(context), description_(description) {
  validate(description_);
  checkDevice();
  DeviceLimits limits = limitsOf(context_.device());
  passes_ = planPasses(description_, limits);
  for (;;) {
    try {
      bake();
      return;
    } catch (const KernelGroupTooLarge& e) {
      if (replannedBecause_.empty()) replannedBecause_ = e.what();
      // The next limits whose plan differs from the refused one (16 values may plan the same).
      std::vector<PassInfo> refused = std::move(passes_);
      do {
        const std::optional<DeviceLimits> next = limitsAfterRefusal(limits);
        if (!next) throw;
        limits = *next;
        passes_ = planPasses(description_, limits);
      } while (samePasses(passes_, refused));
      launches_.clear();
      tables_.clear();
      for (cl::Buffer& scratch : scratch_) scratch.reset();
    }
  }
}

Plan::Plan(cl::DeviceContext& context, const PlanDescription& description, std::vector<PassInfo> passes)
    : context_(context), description_(description), passes_(std::move(passes)) {
  validateShape(description_);
  checkDevice();
  bake();
}

void checkFitsDevice(const PlanDescription& description, const cl::DeviceInfo& dev) {
  if (description.precision == Precision::F64 && !dev.fp64)
    throw std::invalid_argument(dev.name + " has no double precision (cl_khr_fp64): use f32");
  if (description.bytes() > dev.maxAllocBytes)
    throw std::invalid_argument(description.summary() + " needs buffers of " + std::to_string(description.bytes()) +
                                " bytes; " + dev.name + " allocates at most " + std::to_string(dev.maxAllocBytes));
}

void Plan::checkDevice() const { checkFitsDevice(description_, context_.device()); }

cl_mem Plan::twiddleTable(const PassInfo& pass) {
  const TableKey key = twiddleTableKey(pass);
  if (const auto found = tables_.find(key); found != tables_.end()) return found->second.get();
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
  return tables_.emplace(key, std::move(buffer)).first->second.get();
}

cl_mem Plan::raderTable(const PassInfo& pass) {
  // The filter's spectrum, the powers of g and the side slots (Rader.h): read and written, one
  // buffer for the stage's passes.
  const TableKey key = raderTableKey(pass);
  if (const auto found = tables_.find(key); found != tables_.end()) return found->second.get();
  const std::vector<std::complex<long double>> filter = raderFilter(pass.hooks.n, description_.direction);
  const std::vector<std::uint32_t> powers = raderPowers(pass.hooks.n);
  const std::size_t bpp = bytesPerComplex(description_.precision);
  std::vector<unsigned char> bytes((raderSideAt(pass.padded, bpp) + 2 * pass.rows) * bpp, 0);
  if (description_.precision == Precision::F32) {
    auto values = roundedTo<float>(filter);
    std::memcpy(bytes.data(), values.data(), values.size() * bpp);
  } else {
    auto values = roundedTo<double>(filter);
    std::memcpy(bytes.data(), values.data(), values.size() * bpp);
  }
  std::memcpy(bytes.data() + pass.padded * bpp, powers.data(), powers.size() * sizeof(powers[0]));
  cl::Buffer buffer = context_.buffer(bytes.size());
  context_.write(buffer.get(), bytes.data(), bytes.size());
  return tables_.emplace(key, std::move(buffer)).first->second.get();
}

cl_mem Plan::raderLogTable(const PassInfo& pass) {
  const TableKey key = raderLogarithmsKey(pass);
  if (const auto found = tables_.find(key); found != tables_.end()) return found->second.get();
  const std::vector<std::uint32_t> logs = raderLogarithms(pass.hooks.n);
  cl::Buffer buffer = context_.buffer(logs.size() * sizeof(logs[0]), CL_MEM_READ_ONLY);
  context_.write(buffer.get(), logs.data(), logs.size() * sizeof(logs[0]));
  return tables_.emplace(key, std::move(buffer)).first->second.get();
}

cl_mem Plan::bluesteinTable(const PassInfo& pass) {
  // The chirp for chirp_pad and chirp_unpad, the filter's spectrum for spectrum_product; the
  // chirp and then the filter's spectrum for grouped passes with Bluestein's steps in them.
  const bool hooked = pass.kind == PassKind::Grouped;
  const bool filter = pass.elementwise.kernel == ElementwiseKernel::SpectrumProduct;
  const std::size_t n = hooked ? pass.hooks.n : pass.length;
  // A split's filter is stored in its row pass's order (SplitBluestein.h).
  const std::size_t split = hooked ? pass.hooks.splitCols : 0;
  const TableKey key = bluesteinTableKey(pass);
  if (const auto found = tables_.find(key); found != tables_.end()) return found->second.get();
  auto values = filter ? bluesteinFilter(n, pass.padded, description_.direction) : bluesteinChirp(n, description_.direction);
  if (hooked) {
    auto spectrum = bluesteinFilter(n, pass.padded, description_.direction);
    if (split) spectrum = splitOrder(spectrum, split);
    values.insert(values.end(), spectrum.begin(), spectrum.end());
  }
  cl::Buffer buffer;
  auto upload = [&](const auto& table) {
    buffer = context_.buffer(table.size() * sizeof(table[0]), CL_MEM_READ_ONLY);
    context_.write(buffer.get(), table.data(), table.size() * sizeof(table[0]));
  };
  if (description_.precision == Precision::F32)
    upload(roundedTo<float>(values));
  else
    upload(roundedTo<double>(values));
  return tables_.emplace(key, std::move(buffer)).first->second.get();
}

void Plan::bake() {
  const cl::DeviceInfo& dev = context_.device();
  // Every buffer is sized and checked before anything is built or allocated.
  const std::size_t bpp = bytesPerComplex(description_.precision);
  // A plan run in chunks: every pass planned for one chunk, and only grouped passes take a
  // chunk's offsets (CacheChunks.h). Its scratch holds one chunk.
  const std::size_t chunks = this->chunks();
  for (const PassInfo& pass : passes_)
    if (pass.chunks != chunks || chunks == 0 || description_.batch % chunks != 0 ||
        (chunks > 1 && pass.kind != PassKind::Grouped))
      throw std::invalid_argument(description_.summary() + ": " + pass.label() + " cannot run in " +
                                  std::to_string(chunks) + " chunks of the batch");
  std::size_t scratchBytes[4] = {0, 0, 0, 0};
  std::uint64_t total = description_.bytes() * 2;
  for (const PassInfo& pass : passes_)
    for (int slot : {pass.source, pass.destination})
      if (slot >= kScratchA)
        scratchBytes[slot - kScratchA] = slotElements(passes_, slot, description_.elements() / chunks) * bpp;
  for (std::size_t bytes : scratchBytes) {
    total += bytes;
    if (bytes > dev.maxAllocBytes)
      throw std::invalid_argument(description_.summary() + " needs a scratch buffer of " + std::to_string(bytes) +
                                  " bytes; " + dev.name + " allocates at most " + std::to_string(dev.maxAllocBytes));
  }
  if (total > dev.globalMemBytes)
    throw std::invalid_argument(description_.summary() + " needs " + std::to_string(total) + " bytes of device memory; " +
                                dev.name + " has " + std::to_string(dev.globalMemBytes));
  for (int i = 0; i < 4; ++i)
    if (scratchBytes[i] > 0) scratch_[i] = context_.buffer(scratchBytes[i]);
  for (const PassInfo& pass : passes_) {
    Launch launch;
    const std::string name = pass.kernelName();
    launch.kernel = context_.kernel(programKey(pass, description_.precision, description_.direction), name.c_str());
    if (pass.kind == PassKind::Local || pass.kind == PassKind::Grouped) {
      // The compiler may allow fewer work-items than the device does (registers, local memory).
      std::size_t allowed = 0;
      cl::check(clGetKernelWorkGroupInfo(launch.kernel.get(), dev.id, CL_KERNEL_WORK_GROUP_SIZE,
                                         sizeof(allowed), &allowed, nullptr),
                "clGetKernelWorkGroupInfo");
      // Where the build caps a register-held kernel's registers within an SM's file, the cap is
      // the check: NVIDIA's driver answers 256 for these kernels whatever registers they take, yet
      // groups of 1024 built with 64 run and verify (docs/performance.md).
      // FFTSCOPE_TRUST_KERNEL_GROUP=1 launches any kernel anyway, to learn whether a driver's answer holds.
      const std::size_t items = pass.local[0] * pass.local[1];
      // (A device without NVIDIA's compiler options builds without the cap: ProgramBuild.h.)
      const std::size_t cap = dev.registerCapOption ? pass.grouped.build.registerCap : 0;
      const bool capped = cap != 0 && cap * items <= DeviceLimits{}.registerFile;
      const bool trust = processSettings().flag("FFTSCOPE_TRUST_KERNEL_GROUP");
      cl_ulong privateBytes = 0, localBytes = 0;
      cl::check(clGetKernelWorkGroupInfo(launch.kernel.get(), dev.id, CL_KERNEL_LOCAL_MEM_SIZE,
                                         sizeof(localBytes), &localBytes, nullptr),
                "clGetKernelWorkGroupInfo");
      if (localBytes > dev.localMemBytes || (allowed < items && !capped && !trust)) {
        clGetKernelWorkGroupInfo(launch.kernel.get(), dev.id, CL_KERNEL_PRIVATE_MEM_SIZE,
                                 sizeof(privateBytes), &privateBytes, nullptr);
        throw KernelGroupTooLarge(pass.kernelName() + " of " + std::to_string(pass.span) + " points needs " +
                                    std::to_string(items) + " work-items per group; " +
                                    dev.name + " allows " + std::to_string(allowed) +
                                    " for this kernel (" + std::to_string(privateBytes) + " bytes private, " +
                                    std::to_string(localBytes) + " bytes local a group)");
      }
    }
    if ((pass.kind == PassKind::Stockham || pass.kind == PassKind::Local || pass.kind == PassKind::Grouped) &&
        pass.twiddle == TwiddleMode::Table)
      launch.table = twiddleTable(pass);
    if (pass.elementwise.kernel == ElementwiseKernel::RaderPermute) {
      launch.table = raderTable(pass);
      launch.hook = raderLogTable(pass);
    } else if (isBluesteinPass(pass)) {
      launch.table = bluesteinTable(pass);
    }
    if (pass.hooks.any()) launch.hook = pass.hooks.rader ? raderTable(pass) : bluesteinTable(pass);
    launches_.push_back(std::move(launch));
  }
}

void Plan::setArguments(const PassInfo& pass, Launch& launch, cl_mem source, cl_mem destination,
                        std::uint64_t sourceOffset, std::uint64_t destinationOffset) {
  const KernelArguments arguments = passArguments(pass, description_.precision, sourceOffset, destinationOffset);
  cl_kernel k = launch.kernel.get();
  const std::string name = pass.kernelName();
  for (cl_uint i = 0; i < arguments.count; ++i) {
    const KernelArgument& argument = arguments.items[i];
    auto set = [&](const auto& value) { cl::setArg(k, i, value, name); };
    switch (argument.kind) {
      case KernelArgument::Kind::Source: set(source); break;
      case KernelArgument::Kind::Destination: set(destination); break;
      case KernelArgument::Kind::Table: set(launch.table); break;
      case KernelArgument::Kind::Hook: set(launch.hook); break;
      case KernelArgument::Kind::Index: set(static_cast<cl_uint>(argument.value)); break;
      case KernelArgument::Kind::Offset: set(cl_ulong{argument.value}); break;
      case KernelArgument::Kind::Scale:
        if (description_.precision == Precision::F32)
          set(static_cast<float>(arguments.scale));
        else
          set(static_cast<double>(arguments.scale));
        break;
    }
  }
}

void Plan::launch(std::size_t index, const std::vector<cl_event>& waitFor, std::vector<cl::Event>* events) {
  const PassInfo& pass = passes_[index];
  cl_event event = nullptr;
  const cl_int code = clEnqueueNDRangeKernel(context_.queue(), launches_[index].kernel.get(), pass.workDim, nullptr,
                                             pass.global.data(), pass.local.data(), static_cast<cl_uint>(waitFor.size()),
                                             waitFor.empty() ? nullptr : waitFor.data(), events ? &event : nullptr);
  // The label is made only on failure: it costs microseconds, a small transform's launch little more.
  if (code != CL_SUCCESS) throw cl::ClError("clEnqueueNDRangeKernel(" + pass.label() + ")", code);
  if (events) events->emplace_back(event);
}

PendingRun Plan::enqueue(cl_mem in, cl_mem out, const std::vector<cl_event>& waitFor, LaunchEvents wanted) {
  if (in == out) throw std::invalid_argument("Plan::enqueue transforms out of place: input and output must differ");
  cl_mem buffers[6] = {in, out, scratch_[0].get(), scratch_[1].get(), scratch_[2].get(), scratch_[3].get()};
  // A chunk starts this far into the input and output; the scratch holds one chunk.
  const std::uint64_t chunkElements = description_.elements() / chunks();
  auto offset = [&](int slot, std::size_t chunk) { return slot <= kOutput ? chunk * chunkElements : 0; };
  std::vector<cl::Event> events;
  std::vector<std::size_t> passIndex;
  const std::vector<cl_event> none;
  for (std::size_t chunk = 0; chunk < chunks(); ++chunk)
    for (std::size_t i = 0; i < passes_.size(); ++i) {
      const PassInfo& pass = passes_[i];
      setArguments(pass, launches_[i], buffers[pass.source], buffers[pass.destination], offset(pass.source, chunk),
                   offset(pass.destination, chunk));
      // The queue runs in order: the last launch's event tells when all are done.
      const bool last = chunk + 1 == chunks() && i + 1 == passes_.size();
      const bool first = chunk == 0 && i == 0;
      const bool withEvent = wanted == LaunchEvents::Each || (wanted == LaunchEvents::Last && last);
      launch(i, first ? waitFor : none, withEvent ? &events : nullptr);
      if (withEvent) passIndex.push_back(i);
    }
  return PendingRun(std::move(events), &passes_, std::move(passIndex), wanted);
}

PendingRun Plan::enqueuePass(std::size_t index, cl_mem source, cl_mem destination,
                             const std::vector<cl_event>& waitFor) {
  if (index >= passes_.size())
    throw std::out_of_range("Plan::enqueuePass: pass " + std::to_string(index) + " of " + std::to_string(passes_.size()));
  if (source == destination) throw std::invalid_argument("Plan::enqueuePass runs out of place: source and destination must differ");
  // Both buffers hold the whole batch: each chunk at its own place in both. (Bluestein's padded
  // passes take more than the data's elements: their chunks would overlap.)
  if (chunks() > 1 && passes_[index].padded > 0)
    throw std::invalid_argument("Plan::enqueuePass: " + passes_[index].label() +
                                " works on padded rows, which a plan run in chunks keeps in its own scratch");
  const std::uint64_t chunkElements = description_.elements() / chunks();
  std::vector<cl::Event> events;
  for (std::size_t chunk = 0; chunk < chunks(); ++chunk) {
    setArguments(passes_[index], launches_[index], source, destination, chunk * chunkElements, chunk * chunkElements);
    launch(index, chunk == 0 ? waitFor : std::vector<cl_event>{}, &events);
  }
  return PendingRun(std::move(events), &passes_, std::vector<std::size_t>(chunks(), index));
}

PendingRun::PendingRun(std::vector<cl::Event> events, const std::vector<PassInfo>* passes, std::size_t firstPass)
    : events_(std::move(events)), passes_(passes) {
  for (std::size_t j = 0; j < events_.size(); ++j) passIndex_.push_back(firstPass + j);
}

void PendingRun::wait() const {
  if (wanted_ == LaunchEvents::None) throw std::logic_error("PendingRun::wait: the run was enqueued without events");
  std::vector<cl_event> raw;
  for (const auto& e : events_) raw.push_back(e.get());
  if (!raw.empty()) cl::check(clWaitForEvents(static_cast<cl_uint>(raw.size()), raw.data()), "clWaitForEvents");
}

std::vector<TimingRecord> PendingRun::timings() const {
  if (wanted_ != LaunchEvents::Each) throw std::logic_error("PendingRun::timings: the run was enqueued without an event for each launch");
  wait();
  std::vector<TimingRecord> records;
  for (std::size_t i = 0; i < events_.size(); ++i) {
    TimingRecord r;
    r.pass = (*passes_)[passIndex_[i]];
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
