// A complex transform from one .npy file into another, on one device or, where there is no OpenCL
// platform at all, with FFTW, in as few passes over the data as the host can make: the file is read
// (and converted, where its type is not the plan's) on every core while the device starts and its
// programs build (FileLoad.h); a CPU device takes that memory as its input buffer and its output is
// written from the buffer, mapped; another device gets the input through the pinned ring, and its
// result comes back into the same host memory, written from there through the atomic writer while
// the device is released. The device's limits are checked as soon as it is known, and reading stops
// when it refuses. Each phase is timed for --timings.
#pragma once

#include "PhaseTimings.h"
#include "PlanPicker.h"
#include "engine/description/PlanDescription.h"
#include "io/Npy.h"

#include <string>

namespace fftscope::cli {

struct FileFft {
  const NpyHeader& header;  // checked; its data not read yet
  const PlanDescription& description;
  const std::string& device;  // as --device takes it
  const PlanChoiceOptions& choice;
  const std::string& out;
};

// T: the plan's precision (float or double).
template <typename T>
void transformFile(const FileFft& job, PhaseTimings& timings);

}  // namespace fftscope::cli
