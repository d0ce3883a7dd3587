// The engine's self-check against FFTW: for one plan description, the accuracy gates of
// DESIGN.md (relative L2 and L-infinity error against FFTW in long double, round trip), an
// impulse giving exactly 1 in every bin, the input left untouched, every batch member equal to
// the same row transformed alone, and guard cells around the output untouched.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/description/PlanDescription.h"
#include "engine/planning/PlanChoice.h"

#include <string>
#include <utility>
#include <vector>

namespace fftscope {

struct VerifyRow {
  PlanDescription description;
  std::string passes;  // the kernels the plan ran, e.g. "local_fft r16 m=4096 ..."
  double relL2 = 0, relLinf = 0, roundTrip = 0;
  double l2Gate = 0, linfGate = 0, roundTripGate = 0;
  bool impulseExact = false, inputUntouched = false, guardsIntact = false, batchConsistent = false;
  bool impulseExactExpected = true;  // false through Bluestein: then impulseError <= linfGate
  double impulseError = 0;           // max |X[k] - 1| for an impulse at 0
  std::string failures;  // empty when every check passed
  bool passed() const { return failures.empty(); }
};

struct VerifySelection {
  std::vector<Variant> variants = allVariants();
  std::vector<TwiddleMode> twiddles = allTwiddleModes();
  std::vector<TransposeMode> transposes = allTransposeModes();
  bool oneD = true;
  bool twoD = true;
  int maxLog2 = 16;       // 1D sizes 2 .. 2^maxLog2
  int maxLog2TwoD = 10;   // 2D sides 2 .. 2^maxLog2TwoD
  std::vector<std::size_t> batches{1, 3};
  Precision precision = Precision::F32;
  // Given lengths (1D) and rows x cols shapes (2D) instead of the powers of two, e.g. primes.
  std::vector<std::size_t> lengths;
  std::vector<std::pair<std::size_t, std::size_t>> shapes;
};

// The cases a selection stands for: 1D every variant x twiddle x size x batch; 2D every
// variant x transpose over square, wide, tall, 1xN and Nx1 shapes (table twiddles). With lengths
// or shapes given, those sizes only (in the dimensions selected).
std::vector<PlanDescription> verifyCases(const VerifySelection& selection);

// The L2 gate, the L-infinity gate and whether the twiddle mode is gated tightly.
struct Gates {
  double l2, linf;
};
Gates gatesFor(const PlanDescription& description);

// `choose`, when given, says the passes of every `auto` plan the check builds (the planner's
// stored or measured choice); otherwise auto plans by its own rules.
VerifyRow verifyCase(cl::DeviceContext& context, const PlanDescription& description, const PassChooser& choose = {});

}  // namespace fftscope
