// One device's share of a batch from the host's pageable memory and back, in rounds of whole items
// with every stage beside the others: while round r is copied into pinned chunks on the host's
// threads a chunk at a time and sent up, round r-1's results come back and are copied out to the
// caller's memory, a chunk in and a chunk out in turn, so that each link has chunks queued behind
// the one it carries (StagedUpload.h, StagedDownload.h, each on a queue of its own); round r is
// transformed once its last chunk is up, while the next round goes on. Two rounds' buffers on the
// device take turns. The batch split runs one for each device; one device alone runs the same.
// Data already in pinned memory of the device's context (PinnedHostBuffer.h) needs none of the
// host's copies: each round goes up from it and comes back into it directly, the whole run
// enqueued at once, so that the host's memory carries each byte once each way instead of three times.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/cl/HostThreadPool.h"
#include "engine/cl/StagedDownload.h"
#include "engine/cl/StagedUpload.h"
#include "engine/description/PlanDescription.h"
#include "engine/runtime/Plan.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>

namespace fftscope::multi {

// The pinned chunk of the host's staging, in bytes (FFTSCOPE_STAGING_CHUNK; 32 MiB by default).
std::size_t stagingChunkBytes();
// Items of `description` a round takes: those a chunk holds, at least one.
std::size_t roundItems(const PlanDescription& description);

class HostPipeline {
 public:
  // share: the device's items (description with its batch); throws std::invalid_argument where a
  // round does not fit the device. Bakes the plans of a round and of the last, shorter one.
  HostPipeline(cl::DeviceContext& context, const PlanDescription& share, cl::HostThreadPool& pool);

  std::size_t rounds() const { return (share_.batch + round_ - 1) / round_; }
  // Transforms the share's items from `from` into `to` (the same memory is allowed: a round is
  // read before its results are written). Returns the transforms' time on the device's clock,
  // summed over the rounds.
  double run(const void* from, void* to);
  // Whether run() takes the pinned path for these ranges.
  bool pinned(const void* from, const void* to) const;
  // The host's copying rate in and out of the pinned chunks so far, bytes a second (0 before any).
  double hostBytesPerSecond() const;

 private:
  Plan& planOf(std::size_t items);
  double runPinned(const std::uint8_t* from, std::uint8_t* to);

  cl::DeviceContext& context_;
  PlanDescription share_;
  std::size_t round_;       // items a round
  std::size_t itemBytes_;
  std::map<std::size_t, std::unique_ptr<Plan>> plans_;  // by items
  cl::Buffer in_[2], out_[2];
  cl::StagedUpload up_;
  cl::StagedDownload down_;
};

}  // namespace fftscope::multi
