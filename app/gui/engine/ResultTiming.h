// What a workspace's latest result cost on the engine, for the status bar: the plan it ran, its
// kernels and transfers, the time on the engine thread and from request to result on screen.
#pragma once

#include "engine/runtime/Plan.h"

#include <QString>

#include <vector>

namespace fftscope::gui {

struct ResultTiming {
  QString plan;                       // the engine's plan summary, or "FFTW"
  std::vector<TimingRecord> timings;  // empty with FFTW
  double computeMs = 0;
  double roundTripMs = 0;
};

}  // namespace fftscope::gui
