// Runs a baked plan on host arrays: uploads, transforms, downloads. The output buffer sits
// between guard cells filled with a known pattern, and the input is read back afterwards, so
// that a kernel writing out of bounds or into its input is caught.
#pragma once

#include "engine/runtime/Plan.h"

#include <complex>
#include <vector>

namespace fftscope {

template <typename T>
struct HostRunResult {
  std::vector<std::complex<T>> output;
  std::vector<TimingRecord> timings;
  bool inputUntouched = true;  // the device input is bit-identical after the run
  bool guardsIntact = true;    // nothing was written around the output
};

template <typename T>
HostRunResult<T> runOnHost(cl::DeviceContext& context, Plan& plan, const std::vector<std::complex<T>>& input);

extern template HostRunResult<float> runOnHost(cl::DeviceContext&, Plan&, const std::vector<std::complex<float>>&);
extern template HostRunResult<double> runOnHost(cl::DeviceContext&, Plan&, const std::vector<std::complex<double>>&);

}  // namespace fftscope
