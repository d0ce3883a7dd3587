// The device's copy bandwidth, the ceiling every transform is compared against: the best of
// clEnqueueCopyBuffer and a vectorised copy kernel (kernels/copy.cl, copy_vec) over the same
// bytes, each the median of repeated launches timed by profiling events.
#pragma once

#include "engine/cl/DeviceContext.h"

#include <cstddef>

namespace fftscope::bench {

struct CopyCeiling {
  double bufferCopyGbs = 0;  // clEnqueueCopyBuffer
  double kernelCopyGbs = 0;  // copy_vec
  double gbs() const { return bufferCopyGbs > kernelCopyGbs ? bufferCopyGbs : kernelCopyGbs; }
};

// GB/s count one read and one write of `bytes` (rounded up to 16). repeat >= 1.
CopyCeiling measureCopyCeiling(cl::DeviceContext& context, std::size_t bytes, int warmup, int repeat);

}  // namespace fftscope::bench
