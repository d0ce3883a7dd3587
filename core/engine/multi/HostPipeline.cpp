#include "engine/multi/HostPipeline.h"

#include "engine/cl/FinishOnFailure.h"
#include "engine/cl/PinnedHostBuffer.h"
#include "engine/cl/Profiling.h"
#include "settings/ProcessSettings.h"

#include <algorithm>
#include <initializer_list>
#include <stdexcept>
#include <utility>
#include <cstdint>
#include <vector>

namespace fftscope::multi {

namespace {

// Pinned chunks a direction: one filling or draining, one on the link, one to spare.
constexpr std::size_t kChunks = 3;

PlanDescription withItems(PlanDescription d, std::size_t items) {
  d.batch = items;
  return d;
}

}  // namespace

std::size_t stagingChunkBytes() {
  const std::uint64_t set = processSettings().number("FFTSCOPE_STAGING_CHUNK");
  return set > 0 ? std::size_t(set) : std::size_t{32} << 20;
}

std::size_t roundItems(const PlanDescription& description) {
  return std::max<std::size_t>(1, stagingChunkBytes() / withItems(description, 1).bytes());
}

HostPipeline::HostPipeline(cl::DeviceContext& context, const PlanDescription& share, cl::HostThreadPool& pool)
    : context_(context),
      share_(share),
      round_(std::min(roundItems(share), std::max<std::size_t>(1, share.batch))),
      itemBytes_(withItems(share, 1).bytes()),
      up_(context, std::min(stagingChunkBytes(), round_ * itemBytes_), kChunks, &pool),
      down_(context, std::min(stagingChunkBytes(), round_ * itemBytes_), kChunks, &pool) {
  planOf(round_);
  if (share.batch % round_ != 0) planOf(share.batch % round_);
  for (int i = 0; i < 2; ++i) {
    in_[i] = context.buffer(round_ * itemBytes_);
    out_[i] = context.buffer(round_ * itemBytes_);
  }
}

Plan& HostPipeline::planOf(std::size_t items) {
  std::unique_ptr<Plan>& plan = plans_[items];
  if (!plan) plan = std::make_unique<Plan>(context_, withItems(share_, items));
  return *plan;
}

bool HostPipeline::pinned(const void* from, const void* to) const {
  const std::size_t bytes = share_.batch * itemBytes_;
  return cl::isPinned(context_.context(), from, bytes) && cl::isPinned(context_.context(), to, bytes);
}

double HostPipeline::runPinned(const std::uint8_t* source, std::uint8_t* target) {
  const std::size_t rounds = this->rounds();
  auto items = [&](std::size_t r) { return std::min(round_, share_.batch - r * round_); };
  const cl_command_queue upQueue = up_.ring().queue(), downQueue = down_.ring().queue();
  cl::Event transformed[2], readBack[2];  // the last users of each pair of buffers
  std::vector<std::pair<cl::Event, cl::Event>> launches;  // each round's first and last
  std::vector<cl::Event> writes, reads;
  auto waitList = [](std::initializer_list<cl_event> events) {
    std::vector<cl_event> set;
    for (cl_event e : events)
      if (e) set.push_back(e);
    return set;
  };
  // Rounds already enqueued end before a failure leaves: they write into the caller's memory.
  const cl::FinishOnFailure finishOnFailure{upQueue, context_.queue(), downQueue};
  for (std::size_t r = 0; r < rounds; ++r) {
    const std::size_t slot = r % 2, bytes = items(r) * itemBytes_, offset = r * round_ * itemBytes_;
    // The input buffer was last read by the transform two rounds back; the output, by its read.
    std::vector<cl_event> after = waitList({transformed[slot].get()});
    cl_event written = nullptr;
    cl::check(clEnqueueWriteBuffer(upQueue, in_[slot].get(), CL_FALSE, 0, bytes, source + offset, cl_uint(after.size()),
                                   after.empty() ? nullptr : after.data(), &written),
              "clEnqueueWriteBuffer(a round from pinned memory)");
    writes.emplace_back(written);
    std::vector<cl::Event> launched = planOf(items(r))
                                          .enqueue(in_[slot].get(), out_[slot].get(), waitList({written, readBack[slot].get()}),
                                                   LaunchEvents::Each)
                                          .releaseEvents();
    if (launched.empty()) throw std::logic_error("a round's plan launched nothing");
    transformed[slot] = launched.back().share();
    launches.emplace_back(launched.front().share(), launched.back().share());
    const cl_event done = transformed[slot].get();
    cl_event read = nullptr;
    cl::check(clEnqueueReadBuffer(downQueue, out_[slot].get(), CL_FALSE, 0, bytes, target + offset, 1, &done, &read),
              "clEnqueueReadBuffer(a round into pinned memory)");
    reads.emplace_back(read);
    readBack[slot] = reads.back().share();
    for (cl_command_queue queue : {upQueue, context_.queue(), downQueue}) cl::check(clFlush(queue), "clFlush(a pinned round)");
  }
  cl::check(clFinish(downQueue), "clFinish(the pinned rounds' reads)");
  double seconds = 0;
  for (const auto& [first, last] : launches)
    seconds += double(cl::eventInterval(last.get()).end - cl::eventInterval(first.get()).start) * 1e-9;
  for (std::size_t r = 0; r < rounds; ++r) {
    const std::size_t bytes = items(r) * itemBytes_;
    context_.recordTransfer({true, bytes, cl::eventInterval(writes[r].get()).start, cl::eventInterval(writes[r].get()).end});
    context_.recordTransfer({false, bytes, cl::eventInterval(reads[r].get()).start, cl::eventInterval(reads[r].get()).end});
  }
  return seconds;
}

double HostPipeline::run(const void* from, void* to) {
  const auto* source = static_cast<const std::uint8_t*>(from);
  auto* target = static_cast<std::uint8_t*>(to);
  if (pinned(from, to)) return runPinned(source, target);
  const std::size_t rounds = this->rounds();
  auto items = [&](std::size_t r) { return std::min(round_, share_.batch - r * round_); };
  cl::Event first[2], last[2];  // each round's first and last launch, by its buffers
  double seconds = 0;
  auto finished = [&](std::size_t slot) {
    seconds += double(cl::eventInterval(last[slot].get()).end - cl::eventInterval(first[slot].get()).start) * 1e-9;
  };
  const std::size_t chunk = up_.ring().chunkBytes();
  for (std::size_t r = 0; r <= rounds; ++r) {
    const std::size_t now = r % 2, before = (r + 1) % 2;
    if (r > 0) {  // the last round's results start back while this one is staged
      const cl_event transformed = last[before].get();
      down_.start(out_[before].get(), items(r - 1) * itemBytes_, {&transformed, 1});
    }
    // A chunk in, a chunk out, in turn: each link has the chunks queued behind the one it carries.
    const std::size_t bytes = r < rounds ? items(r) * itemBytes_ : 0;
    std::uint8_t* back = r > 0 ? target + (r - 1) * round_ * itemBytes_ : nullptr;
    cl::Event written;
    for (std::size_t done = 0, out = 1; done < bytes || out > 0;) {
      if (done < bytes) {
        // The buffer was last read by the transform two rounds back.
        const cl_event reader = last[now].get();
        const std::size_t n = std::min(chunk, bytes - done);
        written = up_.write(in_[now].get(), source + r * round_ * itemBytes_ + done, n,
                            done == 0 && reader ? std::span(&reader, 1) : std::span<const cl_event>(), done);
        done += n;
      }
      out = back ? down_.drainNext(back) : 0;
    }
    if (r < rounds) {
      const std::vector<cl::Event> launches =
          planOf(items(r)).enqueue(in_[now].get(), out_[now].get(), {written.get()}, LaunchEvents::Each).releaseEvents();
      first[now] = launches.empty() ? written.share() : launches.front().share();
      last[now] = launches.empty() ? written.share() : launches.back().share();
      cl::check(clFlush(context_.queue()), "clFlush(a round's transform)");
    }
    if (r > 0) finished(before);
  }
  up_.finish();
  return seconds;
}

double HostPipeline::hostBytesPerSecond() const {
  const double seconds = up_.ring().copySeconds() + down_.ring().copySeconds();
  return seconds > 0 ? double(up_.ring().copiedBytes() + down_.ring().copiedBytes()) / seconds : 0;
}

}  // namespace fftscope::multi
