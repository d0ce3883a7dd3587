// Runs another program as a child process with a time limit and collects what it prints, so that
// code we do not control (a peer FFT library, a driver) can crash or hang without taking the
// caller down. posix_spawn, pipes and waitpid: no Qt, usable from the CLI and from the GUI's
// engine thread alike.
#pragma once

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

namespace fftscope::bench {

struct ChildResult {
  enum class End { Exited, Signalled, TimedOut, Cancelled, NotStarted };
  End end = End::NotStarted;
  int exitCode = -1;  // when Exited
  int signal = 0;     // when Signalled
  std::string out;    // its standard output
  std::string err;    // the last few KiB of its standard error
  std::string startError;  // when NotStarted
};

// argv[0] is the program's path. The child is killed (SIGKILL) once `limit` has passed, or as
// soon as `cancel` is set; either way it is waited for before this returns.
ChildResult runChild(const std::vector<std::string>& argv, std::chrono::milliseconds limit,
                     const std::atomic<bool>* cancel = nullptr);

// "SIGSEGV", "SIGABRT", ... or "signal N".
std::string signalName(int signal);

}  // namespace fftscope::bench
