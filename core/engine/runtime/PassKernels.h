// What a pass builds: its kernel file (family) and the -D build options that specialise it.
// Plain data, no device: plans build exactly these, and `fftscope-cli plan --source` prints them
// with the source, as VkFFT's keepShaderCode does.
#pragma once

#include "engine/description/FftTypes.h"
#include "engine/description/PassInfo.h"
#include "engine/cl/ProgramKey.h"

#include <string>

namespace fftscope {

// kernels/<family>.cl: "stockham", "local_fft", "grouped_fft", "transpose", "copy", "bluestein"
// or "real".
std::string passFamily(const PassInfo& pass);
// The build options of the pass in a plan of this precision and direction: the pass says all of
// them (a grouped pass's build choices in GroupedPass::build, made by the planner).
std::string passBuildOptions(const PassInfo& pass, Precision precision, Direction direction);
// Both: the program the pass builds, which passes with equal keys share.
cl::ProgramKey programKey(const PassInfo& pass, Precision precision, Direction direction);

}  // namespace fftscope
