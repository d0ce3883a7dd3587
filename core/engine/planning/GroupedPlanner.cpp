#include "engine/planning/GroupedPlanner.h"

#include "engine/description/PlanDescription.h"
#include "engine/planning/CompositeRadices.h"
#include "engine/planning/PassPlan.h"
#include "engine/planning/RegisterExchange.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace fftscope {
GroupedTableLayout groupedTableLayout(const PassInfo& pass) {
  GroupedTableLayout t;
  std::size_t pp = pass.grouped.innerRadices.empty() ? 1 : static_cast<std::size_t>(pass.grouped.innerRadices[0]);
  for (std::size_t i = 1; i < pass.grouped.innerRadices.size(); ++i) {
    t.innerOffsets.push_back(t.innerSize);
    t.innerSize += static_cast<std::size_t>(pass.grouped.innerRadices[i] - 1) * pp;
    pp *= static_cast<std::size_t>(pass.grouped.innerRadices[i]);
  }
  if (const std::size_t n = groupedOuterLength(pass); n != 0) {
    t.lo = std::size_t{1} << groupedSplitLog2(n);
    t.hi = (n + t.lo - 1) / t.lo;
  }
  if (twiddlesOwnLoads(pass) && t.lo != 0) {
    const std::size_t subs = pass.length / pass.span;
    if (pass.batchFastest)
      t.split = pass.stride % pass.grouped.lanes == 0 ? 2 : pass.stride > pass.grouped.lanes ? 3 : 0;
    else
      t.split = pass.p % pass.grouped.lanes == 0 && subs % pass.grouped.lanes == 0 ? 1 : 0;
    if (t.split == 1) t.laneSize = pass.span * pass.grouped.lanes;
  }
  return t;
}

std::size_t groupedOuterLength(const PassInfo& pass) {
  const SplitTwiddles twiddles = pass.hooks.splitTwiddles;
  if (pass.hooks.splitCols && twiddles != SplitTwiddles::Rows) {
    // The row pass keeps its stores' w(g*k1, M) = w(g*k1, F*p) under FirstColumn; a column pass
    // twiddles from a table of M where it takes them.
    if (!pass.batchFastest) return twiddles == SplitTwiddles::Columns ? 0 : pass.span * pass.p;
    return twiddles == SplitTwiddles::Columns || pass.hooks.chirpIn ? pass.padded : 0;
  }
  // A pass that twiddles its stores for the next: w(f*k, F'*p') with p' = F*p.
  if (pass.grouped.nextPoints) return pass.grouped.nextPoints * pass.span * pass.p;
  return twiddlesOwnLoads(pass) ? pass.span * pass.p : 0;
}

bool twiddlesOwnLoads(const PassInfo& pass) { return pass.p > 1 && !pass.grouped.twiddledBefore; }

std::size_t groupedSplitLog2(std::size_t n) {
  std::size_t bits = 0;
  while ((std::size_t{1} << bits) < n) ++bits;
  return (bits + 1) / 2;
}

std::size_t groupedLocalBytes(std::size_t points, std::size_t lanes, Precision precision) {
  return lanes * ((points + points / 16) | 1) * bytesPerComplex(precision);
}

bool readsLaneFast(const PassInfo& pass) {
  const std::size_t subs = pass.hooks.splitCols ? 1 : pass.length / pass.span;
  return pass.batchFastest || subs > 1;
}

bool writesLaneFast(const PassInfo& pass) {
  const std::size_t subs = pass.hooks.splitCols ? 1 : pass.length / pass.span;
  // A pass that ends as the first of Bluestein's second FFT writes in its order (p = 1).
  const std::size_t outP = pass.hooks.filterMiddle ? 1 : pass.p;
  return pass.batchFastest || (outP >= pass.grouped.lanes && subs > 1);
}

}  // namespace fftscope
