// Bluestein's convolution length M >= 2n - 1, chosen by what the device's plan would really move
// through global memory: every 13-smooth M up to the next power of two is weighed with the pass
// count its FFTs would have there (grouped passes on GPUs, local_fft and radix passes elsewhere),
// and the one with the least traffic wins. A shorter M is not always cheaper: one more pass each
// way costs two round trips of M, so the smallest M that keeps the fewest passes is sought.
// Plain data: no device needed.
#pragma once

#include "engine/description/PlanDescription.h"

#include <cstddef>
#include <vector>

namespace fftscope {

struct DeviceLimits;

// The cost of Bluestein over one M, in points read and written per row (both FFTs and the
// element-wise steps, whether separate launches or folded into the FFTs' loads and stores).
struct ConvolutionCost {
  std::size_t padded = 0;      // M
  std::size_t passes = 0;      // FFT passes of M, each way
  std::size_t launches = 0;    // kernel launches of the whole stage
  bool fused = false;          // grouped passes with the chirps and the filter in their loads and stores
  bool fftsMeet = false;       // fused, with the first FFT's last pass and the second's first in one launch
  bool rader = false;          // Rader's convolution of M = n - 1 (n prime) instead of Bluestein's
  bool permutePass = false;    // Rader's, its outputs put in X's order by a pass of their own
  std::size_t splitCols = 0;   // fused over M as M / splitCols rows of splitCols (SplitBluestein.h); 0: not split
  std::vector<std::size_t> passPoints;  // the points of each FFT pass (F of a grouped pass; 0: unknown)
  double points = 0;           // points read and written per row, with arithmetic and launches weighed in
};

struct ConvolutionLength {
  ConvolutionCost chosen;
  ConvolutionCost powerOfTwo;  // the next power of two >= 2n - 1, for comparison
  std::size_t candidates = 0;  // smooth lengths weighed
  bool forced = false;         // set by DeviceLimits::bluesteinLength, not chosen
};

// Whether a Bluestein stage's element-wise steps go into grouped passes' loads and stores:
// where `auto` plans grouped passes.
bool fusesBluestein(const PlanDescription& d, const DeviceLimits& limits);

// The cheapest M for `rows` rows of n points (n >= 2) under the description's variant and the
// device's limits; DeviceLimits::bluesteinLength instead where it is 13-smooth, at least 2n - 1
// and at most four times the next power of two. For a prime n, Rader's M = n - 1 where grouped
// passes take it and it is cheaper (DeviceLimits::rader); `columns`: 2D columns read in place.
ConvolutionLength chooseConvolutionLength(std::size_t n, std::size_t rows, const PlanDescription& d,
                                          const DeviceLimits& limits, bool columns = false);

// Up to `count` lengths by ascending estimated cost (the estimate's choice first), with the next
// power of two among them: the lengths `--plan measure` times.
std::vector<std::size_t> cheapestConvolutionLengths(std::size_t n, std::size_t rows, const PlanDescription& d,
                                                    const DeviceLimits& limits, std::size_t count);

// A length for DeviceLimits::bluesteinLength from text (FFTSCOPE_BLUESTEIN_M): digits alone, a
// 13-smooth value; 0 otherwise.
std::size_t parseConvolutionLength(const char* text);

}  // namespace fftscope
