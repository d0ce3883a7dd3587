// A complex transform from one .npy file into another, on one device or, where there is no OpenCL
// platform at all, with FFTW, in as few passes over the data as the host can make: the file is read
// on several threads straight into the memory an upload reads (pinned, unless the device is the
// host's own memory), converted there only where the file's type is not the plan's, and the result
// is downloaded into that same memory and written from it through the atomic writer. Each phase is
// timed for --timings.
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
