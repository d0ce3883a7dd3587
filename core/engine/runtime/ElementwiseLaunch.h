// Launching the element-wise kernels that sit around the transforms (masks, output samples) and
// recording each launch as a timing record, as every kernel launch is.
#pragma once

#include "engine/runtime/Plan.h"

#include <cstdint>
#include <string>

namespace fftscope {

// Enqueues a 1D (global1 == 1) or 2D launch over at least global0 x global1 work-items.
cl::Event launchElementwise(const cl::DeviceContext& context, const cl::Kernel& kernel, std::size_t global0,
                            std::size_t global1 = 1);
// The launch's record once it is done (waits for it): an Elementwise pass over length x span
// elements.
TimingRecord elementwiseRecord(const cl::Event& event, const std::string& name, std::size_t length, std::size_t span,
                               std::uint64_t bytesRead, std::uint64_t bytesWritten);

}  // namespace fftscope
