// How one axis is cut into grouped passes (kernels/grouped_fft.cl): as few passes as local memory
// allows, each a composite radix F done through local memory by small radices, with enough
// neighbouring lanes a work-group that every global access is a run of at least 32 bytes.
// Plain data: no device needed, so tests and `fftscope-cli plan` see what the plan runs.
#pragma once

#include "engine/FftTypes.h"

#include <cstddef>
#include <vector>

namespace fftscope {

struct DeviceLimits;

struct GroupedStep {
  std::vector<int> radices;  // the inner passes, in order; their product is points
  std::size_t points = 0;    // F
  std::size_t lanes = 1;     // C: lanes (butterflies of the big pass, or rows) a work-group takes
  std::size_t group = 0;     // work-items a group: lanes * points / largest radix
  std::size_t values = 0;    // values a work-item holds (the kernel's MAX_VALUES)
};

// The passes for `rows` rows of n points (columns: neighbouring rows are neighbours in memory),
// or none when n has a prime factor above 31 or cannot be cut within the device's limits.
std::vector<GroupedStep> groupedSteps(std::size_t n, std::size_t rows, bool columns, Precision precision,
                                      const DeviceLimits& limits);

// log2 of L, where a grouped pass's twiddles w(e, n), e < n, come from lo[e mod L] * hi[e / L]:
// about sqrt(n), so that both tables stay small.
std::size_t groupedSplitLog2(std::size_t n);

// Local memory a grouped pass of F points and C lanes takes, in bytes.
std::size_t groupedLocalBytes(std::size_t points, std::size_t lanes, Precision precision);

}  // namespace fftscope
