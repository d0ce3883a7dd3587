// A peer's real transform (R2C or C2R, as the description's direction) on the engine's device,
// queue and buffers: made, run once and checked against a reference, and only when right timed by
// the host clock, as the engine is, on the same buffers every time. A peer that leaves its input
// changed (VkFFT's 2D C2R runs its columns in place) gets it back before each round, outside the
// clock; within a round it reads what the enqueue before it left, scaled down but never zero (an
// inverse with 1/N shrinks the norm by about √rows). The caller's input is given back as it was.
#pragma once

#include "bench/HostClock.h"
#include "engine/description/PlanDescription.h"

#include <functional>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope::bench {

struct RealPeerOutcome {
  enum class State { Verified, Wrong, NotRun };
  std::string peer;
  State state = State::NotRun;
  std::string message;  // why it did not run, or how far it was off
  double relL2 = std::numeric_limits<double>::quiet_NaN();
  double gate = std::numeric_limits<double>::quiet_NaN();
  bool changesInput = false;
  Quartiles hostMs;  // only when verified
};

struct RealPeerBuffers {
  cl_mem in = nullptr;   // the transform's input: reals for R2C, the half spectrum for C2R
  cl_mem out = nullptr;  // room for its output
  // The expected output as doubles, a complex value as two (real, imaginary).
  std::span<const double> reference;
};

// Changes a peer's first output (as doubles) before it is checked: for tests of the reporting.
using AlterRealOutput = std::function<void(std::string_view peer, std::span<double> output)>;

// The gate a peer's real transform is held to: twice the gate of computed twiddles, as in `bench`.
double realPeerGate(const PlanDescription& real);

RealPeerOutcome runRealPeer(cl::DeviceContext& context, const PlanDescription& real, const std::string& peer,
                            const RealPeerBuffers& buffers, const HostClockRounds& rounds,
                            const AlterRealOutput& alter = {});

// "clfft,vkfft", "all" or "" (none); std::invalid_argument names an unknown peer.
std::vector<std::string> parseRealPeerList(std::string_view text);

}  // namespace fftscope::bench
