#include "engine/GroupedPasses.h"

#include "engine/GroupedPlanner.h"

#include <algorithm>

namespace fftscope {

bool bluesteinStepsMeet(std::size_t steps, const std::vector<int>& last, std::size_t lastRounds,
                        const std::vector<int>& first) {
  return steps >= 2 && last.size() >= 2 && lastRounds == 1 && last == first;
}

// Grouped passes of F1, F2, ... points (p = 1, F1, F1*F2, ...) for the stage, or false when the
// grouped planner finds no way (a prime factor above 31, or sizes beyond 32-bit indices).
bool appendGrouped(std::vector<PassInfo>& passes, const PassInfo& base, Precision precision,
                   const DeviceLimits& limits) {
  const bool columns = base.stride != 1;
  auto steps = groupedSteps(base.length, base.rows, columns, precision, limits);
  if (steps.empty()) return false;
  std::size_t p = 1;
  for (const GroupedStep& step : steps) {
    PassInfo pass = base;
    pass.kind = PassKind::Grouped;
    pass.span = step.points;
    pass.p = p;
    pass.innerRadices = step.radices;
    pass.radix = *std::max_element(step.radices.begin(), step.radices.end());
    pass.lanes = step.lanes;
    pass.values = step.values;
    pass.exchangeRounds = step.rounds;
    pass.batchFastest = columns;
    const std::size_t lanes = base.rows * (base.length / step.points);
    pass.global = {(lanes + step.lanes - 1) / step.lanes * step.group, 1, 1};
    pass.local = {step.group, 1, 1};
    pass.workDim = 1;
    passes.push_back(pass);
    p *= step.points;
  }
  return true;
}

bool appendFusedBluestein(std::vector<PassInfo>& passes, const PassInfo& inner, const HookedRows& stage,
                          Precision precision, const DeviceLimits& limits) {
  const std::size_t first = passes.size();
  if (!appendGrouped(passes, inner, precision, limits)) return false;
  const std::size_t forward = passes.size() - first;
  appendGrouped(passes, inner, precision, limits);
  const std::size_t bpp = bytesPerComplex(precision);
  const std::size_t rowBytes = stage.n * inner.rows * bpp, tableBytes = stage.n * bpp;
  for (std::size_t j = first; j < passes.size(); ++j) {
    PassInfo& pass = passes[j];
    pass.padded = inner.length;
    pass.hooks.n = stage.n;
    pass.hooks.stride = stage.stride;
    pass.hooks.dist = stage.dist;
  }
  PassInfo& in = passes[first];
  in.hooks.chirpIn = true;
  in.bytesRead = rowBytes + tableBytes;  // the chirp is read once, whatever the rows
  PassInfo& product = passes[first + forward - 1];
  product.hooks.filterOut = true;
  product.bytesRead += inner.length * bpp;
  PassInfo& out = passes.back();
  out.hooks.chirpOut = true;
  out.bytesWritten = rowBytes;
  out.bytesRead += tableBytes;
  const PassInfo& last = passes[first + forward - 1];
  if (limits.bluesteinMiddle &&
      bluesteinStepsMeet(forward, last.innerRadices, last.exchangeRounds, passes[first + forward].innerRadices)) {
    // The first FFT's last pass takes on the second's first: same F, same lanes read.
    PassInfo& middle = passes[first + forward - 1];
    const PassInfo& second = passes[first + forward];
    middle.hooks.filterOut = false;
    middle.hooks.filterMiddle = true;
    middle.hooks.chirpOut = second.hooks.chirpOut;
    middle.bytesRead += second.hooks.chirpOut ? tableBytes : 0;
    middle.bytesWritten = second.bytesWritten;
    passes.erase(passes.begin() + static_cast<std::ptrdiff_t>(first + forward));
  }
  return true;
}

}  // namespace fftscope
