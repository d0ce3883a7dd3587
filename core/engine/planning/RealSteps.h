// How a real transform is computed (RealPlan.h), as plain data: a list of steps, each a complex
// plan (its description and passes) or one kernel of kernels/real.cl, reading and writing the
// real plan's buffers (input, output, scratch A and B). No device needed, so tests and
// `fftscope-cli plan --real` see what RealPlan runs.
//
// 2D: the rows along the last axis first (forward) or last (inverse); the columns of the half
// spectrum in between, read in place by grouped passes where the complex 2D plan would read its
// columns so (columnsInPlace: `auto`, a GPU, no Bluestein on the column axis), else between two
// transposes. Even R2C untangles its rows' transforms in the stores of their pass where one
// grouped pass holds whole rows in local memory (a GPU; HalfSpectrum::untangleOut), else in
// r2c_untangle after them. Where both the rows and the columns are grouped passes so, the half
// spectrum between them has its rows padded to whole 128-byte runs (HalfSpectrum::sourcePitch,
// destinationPitch, usedColumns); the output (R2C) and input (C2R) keep N/2 + 1.
#pragma once

#include "engine/description/DeviceLimits.h"
#include "engine/description/PassInfo.h"
#include "engine/description/PlanDescription.h"

#include <string>
#include <vector>

namespace fftscope {

struct RealStep {
  // A complex plan: its description and passes (their buffers are the plan's own slots).
  PlanDescription complex;
  std::vector<PassInfo> passes;
  // Or one kernel of kernels/real.cl (non-empty name) with its argument m; `passes` holds its
  // one launch.
  std::string kernel;
  std::size_t m = 0;
  int source = kInput;
  int destination = kOutput;
};

// The steps for a validated real description (as RealPlan.h describes it) on a device of these limits.
std::vector<RealStep> planRealSteps(const PlanDescription& real, const DeviceLimits& limits);

// Every launch of the steps in order, with the buffers as seen from outside the complex plans.
std::vector<PassInfo> realStepPasses(const std::vector<RealStep>& steps);

// Whether a launch is one of kernels/real.cl's.
bool isRealKernelPass(const PassInfo& pass);

}  // namespace fftscope
