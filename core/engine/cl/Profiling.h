// The device time of a finished command, from the queue's profiling counters.
#pragma once

#include "engine/cl/ClError.h"

#include <cstdint>

namespace fftscope::cl {

// A finished command's start and end on the device's clock, in nanoseconds.
struct DeviceInterval {
  std::uint64_t start = 0;
  std::uint64_t end = 0;
  std::uint64_t nanoseconds() const { return end - start; }
};

// Waits for the event, then reads its profiling counters.
inline DeviceInterval eventInterval(cl_event event) {
  check(clWaitForEvents(1, &event), "clWaitForEvents");
  cl_ulong start = 0, end = 0;
  check(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr),
        "clGetEventProfilingInfo");
  check(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr), "clGetEventProfilingInfo");
  return {start, end};
}

// Waits for the event, then returns end - start in nanoseconds.
inline std::uint64_t eventNanoseconds(cl_event event) { return eventInterval(event).nanoseconds(); }

}  // namespace fftscope::cl
