// How one axis of a transform is computed: a small table of pass kinds (FFTW's solvers), each
// saying whether it applies to a length and what it costs, and the cheapest way that results.
// Costs are estimates in passes over the stage's data in global memory (one read and one write
// of every point = 1), plus a little for each launch and for arithmetic-heavy radices. Plain
// data: no device needed, so tests and `fftscope-cli plan` see the same choice the plan makes.
#pragma once

#include "engine/description/PlanDescription.h"

#include <cstddef>
#include <string>
#include <vector>

namespace fftscope {

struct DeviceLimits;

// One length's passes by a direct (mixed-radix Stockham) factorisation.
struct DirectFactors {
  std::size_t localPoints = 0;  // the local_fft pass's points (a power of two), 0 for none
  std::vector<int> radices;     // global Stockham passes after it, in order
  double cost = 0;
};

struct StageChoice {
  bool bluestein = false;
  std::size_t length = 0;  // n
  std::size_t padded = 0;  // Bluestein: the convolution length M >= 2n - 1
  bool fused = false;      // Bluestein: grouped passes with the element-wise steps in their loads and stores
  bool rader = false;      // instead of Bluestein, Rader's convolution of padded = n - 1 points (Rader.h), fused
  std::size_t splitCols = 0;  // Bluestein, fused: M as M / splitCols rows of splitCols (SplitBluestein.h)
  DirectFactors factors;   // of n, or of M under Bluestein
  double cost = 0;
  std::string reason;      // e.g. "1000 = 2^3*5^3: Stockham r8 r5 r5 r5 ..."
};

// The odd radices with a DFT of their own (dft_odd in common.cl) and the largest prime a direct
// pass takes at all; any other prime factor goes through Bluestein.
const std::vector<int>& oddRadices();
constexpr int kLargestDirectPrime = 31;

// What one Stockham pass of `radix` costs by the table of pass kinds, in passes over the data
// with its launch; 0 for a radix no kind takes. And a launch alone, in passes over the data.
double passKindCost(int radix);
double launchCost();

// "2^3*5^3", "2053" for a prime.
std::string factorText(std::size_t n);

// The passes of length n under the description's variant (and local memory), or none when n has
// a prime factor above kLargestDirectPrime.
bool directApplies(std::size_t n);
DirectFactors directFactors(std::size_t n, const PlanDescription& d, const DeviceLimits& limits);

// The cheapest way for `rows` rows of length n >= 2: direct factorisation or Bluestein's chirp-z
// convolution. Whether Bluestein is taken does not depend on the device (nor does the accuracy
// gate with it); its convolution length M does (BluesteinLength.h).
// `columns`: 2D columns read in place, whose grouped steps take more lanes than rows'.
StageChoice chooseStage(std::size_t n, const PlanDescription& d, const DeviceLimits& limits, std::size_t rows = 1,
                        bool columns = false);

// One line per axis of the description: its length's factors and why it is computed as it is.
std::vector<std::string> stageReasons(const PlanDescription& d, const DeviceLimits& limits);

// Whether any axis of the description goes through Bluestein (its accuracy gate is wider).
bool usesBluestein(const PlanDescription& d);

}  // namespace fftscope
