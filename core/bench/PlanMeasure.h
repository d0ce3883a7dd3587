// The planner's measure mode (FFTW_MEASURE): every candidate plan of a description is built,
// its first transform checked against FFTW once (a wrong candidate is never chosen), then timed
// by the host clock around back-to-back enqueues; the fastest is kept and remembered in the
// wisdom file, so that later runs take it without measuring.
#pragma once

#include "bench/HostClock.h"
#include "engine/cl/DeviceContext.h"
#include "engine/planning/PlanChoice.h"

#include <complex>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope::bench {

struct CandidateMeasure {
  std::string name;
  double cost = 0;         // its estimate
  bool verified = false;   // built, ran, and matched FFTW within the accuracy gate
  double relL2 = 0, gate = 0;
  Quartiles ms;            // per transform, host clock; only when verified
  std::string error;       // why it was not verified
};

struct MeasureSettings {
  // Short: a candidate only needs to be told from the others, and every one is built first.
  HostClockRounds rounds{2, 5, 5};
  // Candidates estimated above this many times the cheapest are not built (r2's twenty launches
  // where local_fft takes two): each build costs seconds on some devices.
  double costSpan = 3.0;
  // Before each candidate is built, with its name.
  std::function<void(const std::string&)> progress;
  // For tests only: changes a candidate's first transform (widened) before it is checked.
  std::function<void(std::string_view name, std::span<std::complex<double>> output)> alterOutput;
};

struct PlanMeasurement {
  std::vector<CandidateMeasure> candidates;  // in the order measured (cheapest estimate first)
  std::size_t winner = 0;                    // index of the fastest verified one
};

// Throws std::runtime_error when no candidate passes the check (each one's problem named).
PlanMeasurement measureCandidates(cl::DeviceContext& context, const PlanDescription& description,
                                  const std::vector<PlanCandidate>& candidates, const MeasureSettings& settings = {});

// Measures `auto`'s candidates for the description and returns the fastest as the choice. The
// winner is recorded in `wisdom` (and its file) when given; a file that cannot be written leaves
// the choice made and its problem in *saveProblem.
PlanChoice measurePlan(cl::DeviceContext& context, const PlanDescription& description, Wisdom* wisdom,
                       const MeasureSettings& settings = {}, std::string* saveProblem = nullptr,
                       PlanMeasurement* measurement = nullptr);

}  // namespace fftscope::bench
