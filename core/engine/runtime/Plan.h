// A baked plan: passes chosen, kernels built and twiddle tables uploaded once, then enqueued
// many times into the device's queue. An enqueue asked for an event a launch (LaunchEvents::Each)
// yields one timing record per kernel launch from OpenCL profiling events. Like the DeviceContext
// it uses, a plan is for one thread.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/description/PlanDescription.h"
#include "engine/planning/DeviceLimitsOf.h"
#include "engine/planning/GroupRefusal.h"
#include "engine/planning/PassPlan.h"
#include "engine/runtime/TableKey.h"

#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace fftscope {

// One kernel launch or transfer, timed by the device: what ran (pass), for how long, when on the
// device's clock, and whom it served (set by whoever publishes it: the workspace and request).
struct TimingRecord {
  PassInfo pass;
  std::uint64_t nanoseconds = 0;
  std::uint64_t startNs = 0;  // CL_PROFILING_COMMAND_START
  std::uint64_t endNs = 0;    // CL_PROFILING_COMMAND_END
  std::string workspace;
  std::uint64_t request = 0;
  // The device that ran it, as the caller names its devices ("" where only one is in use).
  std::string device;
};

// A host-device copy as a record of its own (PassKind Upload or Download).
TimingRecord transferRecord(const cl::Transfer& transfer);

// Which launches of an enqueue get an event: each (for their timings), only the last (enough to
// wait on the run), or none. Events cost the host time, which matters where launches are short.
// None: the caller finishes the queue itself (clFinish), and the run has nothing to wait on.
enum class LaunchEvents { Each, Last, None };

// The launches of one enqueue; timings() waits for them and reads their profiling counters.
class PendingRun {
 public:
  // Event j belongs to pass firstPass + j.
  PendingRun(std::vector<cl::Event> events, const std::vector<PassInfo>* passes, std::size_t firstPass = 0);
  // Event j belongs to pass passIndex[j] (a plan run in chunks launches each pass once a chunk).
  // With fewer events than LaunchEvents::Each, timings() throws; with None, so does wait().
  PendingRun(std::vector<cl::Event> events, const std::vector<PassInfo>* passes, std::vector<std::size_t> passIndex,
             LaunchEvents wanted = LaunchEvents::Each)
      : events_(std::move(events)), passes_(passes), passIndex_(std::move(passIndex)), wanted_(wanted) {}
  std::vector<TimingRecord> timings() const;
  void wait() const;
  cl_event lastEvent() const { return events_.empty() ? nullptr : events_.back().get(); }
  // The launches' events, for a caller that chains this run into a longer one.
  std::vector<cl::Event> releaseEvents() && { return std::move(events_); }

 private:
  std::vector<cl::Event> events_;
  const std::vector<PassInfo>* passes_;
  std::vector<std::size_t> passIndex_;
  LaunchEvents wanted_ = LaunchEvents::Each;
};

// Throws std::invalid_argument when the device cannot take the description (no fp64, buffers
// above its largest allocation): callers check this before reading or uploading any data.
void checkFitsDevice(const PlanDescription& description, const cl::DeviceInfo& device);

// A built kernel allows fewer work-items a group than its pass needs (registers, local memory).
struct KernelGroupTooLarge : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

class Plan {
 public:
  // Validates, checks the device's limits (fp64, allocation, memory), then builds and uploads.
  Plan(cl::DeviceContext& context, const PlanDescription& description);
  // A plan of given passes (e.g. transposeOnlyPasses) over buffers of description.bytes().
  Plan(cl::DeviceContext& context, const PlanDescription& description, std::vector<PassInfo> passes);

  const PlanDescription& description() const { return description_; }
  const std::vector<PassInfo>& passes() const { return passes_; }
  // Why the first plan was given up (KernelGroupTooLarge) for one of 16 values a work-item or one
  // within local memory, or empty.
  const std::string& replannedBecause() const { return replannedBecause_; }

  // Transforms `in` into `out`: distinct buffers of description().bytes() each. `in` is only read.
  // A plan run in chunks (CacheChunks.h) launches its passes once for each chunk, in order.
  PendingRun enqueue(cl_mem in, cl_mem out, const std::vector<cl_event>& waitFor = {},
                     LaunchEvents wanted = LaunchEvents::Each);
  // Runs pass `index` alone, from `source` into `destination` (distinct buffers of
  // description().bytes()), with that pass's kernel, twiddles and scale: the plan stepped one
  // launch at a time (PassStepper.h). Throws std::out_of_range for an index past the passes.
  PendingRun enqueuePass(std::size_t index, cl_mem source, cl_mem destination,
                         const std::vector<cl_event>& waitFor = {});

 private:
  struct Launch {
    cl::Kernel kernel;
    cl_mem table = nullptr;  // the pass's twiddles (TwiddleTable.h), or none
    cl_mem hook = nullptr;   // a grouped pass's Bluestein chirp and filter (ChirpHooks), Rader's logarithms, or none
  };
  void checkDevice() const;
  void bake();
  // Offsets (elements) are where a chunk starts in the source and the destination.
  void setArguments(const PassInfo& pass, Launch& launch, cl_mem source, cl_mem destination,
                    std::uint64_t sourceOffset = 0, std::uint64_t destinationOffset = 0);
  // Enqueues pass `index` after waitFor; its event goes into *events where events is given.
  void launch(std::size_t index, const std::vector<cl_event>& waitFor, std::vector<cl::Event>* events);
  std::size_t chunks() const { return passes_.empty() ? 1 : passes_.front().chunks; }
  cl_mem twiddleTable(const PassInfo& pass);
  cl_mem bluesteinTable(const PassInfo& pass);
  cl_mem raderTable(const PassInfo& pass);
  cl_mem raderLogTable(const PassInfo& pass);

  std::string replannedBecause_;
  cl::DeviceContext& context_;
  PlanDescription description_;
  std::vector<PassInfo> passes_;
  std::vector<Launch> launches_;
  std::unordered_map<TableKey, cl::Buffer, TableKeyHash> tables_;  // shared by the passes of equal keys
  cl::Buffer scratch_[4];  // slots kScratchA .. kScratchD, allocated as the passes use them
};

}  // namespace fftscope
