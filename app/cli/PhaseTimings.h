// Where a command's time goes, for --timings: the wall-clock time of each phase in the order they
// ran, laps of one clock that starts when main does, and before them the time from the process's
// start (as the kernel counts it, in ticks of 10 ms) to main, beside the CPU time spent by then
// (loading the libraries, mostly). Printed as one line on stderr:
//   timings (ms): start to main 40 (cpu 31.2) | options 0.4 | devices 21.3 | ... | in main 812.5
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fftscope::cli {

// First thing in main: where "start to main" ends and the laps begin.
void markMainEntered();

class PhaseTimings {
 public:
  explicit PhaseTimings(bool on) : on_(on) {}
  bool on() const { return on_; }

  // Ends the phase that ran since the last lap (or since main) under this name; detail, if any, is
  // printed after it in parentheses.
  void lap(std::string_view phase, std::string detail = {});
  // A phase timed by its own clock (the parts of a write): the next lap starts after it.
  void add(std::string_view phase, double ms, std::string detail = {});
  // The line above, when on.
  void print() const;
  // That line.
  std::string line() const;

 private:
  struct Phase {
    std::string name;
    double ms;
    std::string detail;
  };
  bool on_;
  std::vector<Phase> phases_;
};

}  // namespace fftscope::cli
