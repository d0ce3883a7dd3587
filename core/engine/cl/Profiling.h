// The device time of a finished command, from the queue's profiling counters.
#pragma once

#include "engine/cl/ClError.h"

#include <cstdint>

namespace fftscope::cl {

// Waits for the event, then returns end - start in nanoseconds.
inline std::uint64_t eventNanoseconds(cl_event event) {
  check(clWaitForEvents(1, &event), "clWaitForEvents");
  cl_ulong start = 0, end = 0;
  check(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr),
        "clGetEventProfilingInfo");
  check(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr), "clGetEventProfilingInfo");
  return end - start;
}

}  // namespace fftscope::cl
