#include "engine/JobWatch.h"

#include "engine/EngineRuntime.h"
#include "engine/cl/ProgramBuild.h"

namespace fftscope::gui {

namespace {
double buildMs(const cl::ProgramBuildCounts& c) { return c.sourceMs + c.binaryMs; }
std::uint64_t built(const cl::ProgramBuildCounts& c) { return c.fromSource + c.fromBinary; }
}  // namespace

JobWatch::JobWatch() : startedNs_(steadyNowNs()) {
  const cl::ProgramBuildCounts counts = cl::programBuildCounts();
  buildMsBefore_ = buildMs(counts);
  builtBefore_ = built(counts);
}

JobTimes JobWatch::finish(EngineRuntime& runtime) const {
  runtime.publish({});
  // Builds are counted for the whole process, and only the engine thread (and the device
  // threads of its spread jobs) builds: the difference is this job's.
  const cl::ProgramBuildCounts counts = cl::programBuildCounts();
  JobTimes times;
  times.startedNs = startedNs_;
  times.buildMs = buildMs(counts) - buildMsBefore_;
  times.programsBuilt = int(built(counts) - builtBefore_);
  times.device = runtime.jobDeviceTime();
  times.onDevice = !runtime.devices().empty();
  return times;
}

}  // namespace fftscope::gui
