// What a pass builds: its kernel file (family) and the -D build options that specialise it.
// Plain data, no device: plans build exactly these, and `fftscope-cli plan --source` prints them
// with the source, as VkFFT's keepShaderCode does.
#pragma once

#include "engine/description/DeviceLimits.h"
#include "engine/description/FftTypes.h"
#include "engine/description/PassInfo.h"

#include <string>

namespace fftscope {

// kernels/<family>.cl: "stockham", "local_fft", "grouped_fft", "transpose", "copy", "bluestein"
// or "real".
std::string passFamily(const PassInfo& pass);
// The build options of the pass in a plan of this precision and direction.
std::string passBuildOptions(const PassInfo& pass, Precision precision, Direction direction);

// The same, with what the device's build adds: a register-held pass's register cap where the
// device takes one (DeviceLimits::registerCap, NVIDIA's -cl-nv-maxrregcount).
std::string passBuildOptions(const PassInfo& pass, Precision precision, Direction direction, const DeviceLimits& limits);

// The registers the device's build caps this pass at, 0 for none: where DeviceLimits::registerCap
// holds, DeviceLimits::filterPassCap on a pass where Bluestein's or Rader's FFTs meet, else
// registerCapFor's share on a register-held pass or one of more than 256 work-items.
std::size_t registerCapOf(const PassInfo& pass, const DeviceLimits& limits);

}  // namespace fftscope
