// Measures one job of a request on the engine thread, for the request's times (RequestTiming.h):
// when it started, the host time spent building OpenCL programs while it ran (the engine counts
// every build, cl::programBuildCounts), and its device records' durations by kind. Made as the
// job starts, read as it ends.
#pragma once

#include "engine/RequestTiming.h"

namespace fftscope::gui {

class EngineRuntime;

class JobWatch {
 public:
  JobWatch();
  // Publishes the transfers the job left unpublished first, so that they are counted.
  JobTimes finish(EngineRuntime& runtime) const;

 private:
  std::int64_t startedNs_;
  double buildMsBefore_;
  std::uint64_t builtBefore_;
};

}  // namespace fftscope::gui
