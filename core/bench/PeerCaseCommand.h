// The hidden `peer-case` command: one peer case measured in a process of its own, so that a peer
// that crashes or hangs takes down only that process. fftscope-cli and fftscope both answer it
// (their main() hands it here before anything else); the sweep starts it per peer case
// (PeerChild.cpp) and reads the result, a bench JSON report of one case, from its stdout.
//   HELPER peer-case --peer vkfft --device 0 --dims 1 --rows 1 --cols 131072 --batch 16
//          --precision f32 --direction forward --warmup 3 --repeat 20 --date D --copy-gbs X
//          [--simulate crash|hang|garbage]   (for tests: what a misbehaving peer does)
#pragma once

#include "bench/SweepRunner.h"
#include "engine/description/PlanDescription.h"

#include <string>
#include <string_view>
#include <vector>

namespace fftscope::bench {

inline constexpr std::string_view kPeerCaseCommand = "peer-case";

struct PeerCaseRequest {
  std::string peer;
  std::size_t device = 0;  // index in cl::listDevices()
  PlanDescription description;
  int warmup = 3, repeat = 20;
  std::string date;    // the sweep's
  double copyGbs = 0;  // the sweep's copy ceiling
  std::string simulate;
};

// The arguments after the command's name, and back; parsing throws std::invalid_argument.
std::vector<std::string> toArguments(const PeerCaseRequest& request);
PeerCaseRequest parsePeerCaseArguments(const std::vector<std::string>& arguments);

// Runs the command (argv[1] is "peer-case"): the result's JSON on stdout and exit status 0, or a
// message on stderr and 2. `callbacks` may plant a wrong output, as in a sweep.
int runPeerCaseCommand(int argc, char** argv, const SweepCallbacks& callbacks = {});

}  // namespace fftscope::bench
