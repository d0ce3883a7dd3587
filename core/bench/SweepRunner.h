// Runs a sweep on a device context the caller owns (the GUI's engine thread owns its context; the
// runner never makes one). For every shape: buffers of random data, then each variant and peer as
// one case: checked against FFTW first (a wrong output is recorded with its error, verified =
// false, and is not timed), then timed the same way for all (warm-ups, then host clock around
// back-to-back enqueues and one clFinish; the engine's kernel time from profiling events beside
// it). Results are reported as they are produced; a cancellation flag is read between cases.
// Peers may run each case in a child process instead (PeerIsolation), on the same device and data.
#pragma once

#include "bench/BenchResult.h"
#include "bench/SweepSpec.h"
#include "engine/cl/DeviceContext.h"
#include "engine/planning/PlanChoice.h"
#include "engine/runtime/Plan.h"

#include <atomic>
#include <complex>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope::bench {

struct SweepProgress {
  std::size_t done = 0;   // cases finished
  std::size_t total = 0;  // cases in the sweep
  std::string next;       // the case about to run, e.g. "r16 4096 x256"
};

// Peers are libraries we do not control: each peer case may run in a child process of its own
// (`HELPER peer-case ...`, PeerCaseCommand.h), where a crash or a hang fails that case only.
struct PeerIsolation {
  std::string helper;  // a program that takes the peer-case command; empty: peers run in this process
  double limitSeconds = 300;  // a child still running then is killed and its case failed
  // For tests only: arguments added to the named peer's command line (e.g. --simulate crash).
  std::function<std::vector<std::string>(std::string_view peer)> extraArguments;
};

struct SweepCallbacks {
  std::function<void(const SweepProgress&)> progress;  // before each case
  std::function<void(const BenchResult&)> result;      // after each case, verified or not
  // The kernel records of each event-timed enqueue of the engine, as they come (a live chart).
  std::function<void(std::vector<TimingRecord>)> launches;
  // For tests only: changes the first transform's output (widened to double) of the named variant
  // or peer before it is compared with FFTW, so that a wrong result can be planted.
  std::function<void(std::string_view name, std::span<std::complex<double>> output)> alterOutput;
  // The passes of the `auto` variant (a stored or measured choice, PlanChoice.h); when empty,
  // auto plans by its own rules.
  PassChooser autoPasses;
  PeerIsolation peers;
};

// Host-clock rounds enqueue this many transforms back to back before one clFinish.
inline constexpr int kBackToBack = 10;

// Validates the spec (std::invalid_argument), measures the copy ceiling once, then runs every
// case. A case that fails (a variant the device cannot take, a peer's library error, a wrong
// output) becomes a record with its error; device errors outside a case propagate.
BenchReport runSweep(cl::DeviceContext& context, const SweepSpec& spec, const SweepCallbacks& callbacks = {},
                     const std::atomic<bool>* cancel = nullptr);

}  // namespace fftscope::bench
