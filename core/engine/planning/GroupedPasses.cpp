#include "engine/planning/GroupedPasses.h"

#include "engine/planning/GroupedPlanner.h"
#include "engine/planning/RegisterExchange.h"

#include <algorithm>

namespace fftscope {

bool bluesteinStepsMeet(std::size_t steps, const std::vector<int>& last, std::size_t lastRounds,
                        const std::vector<int>& first) {
  return steps >= 2 && last.size() >= 2 && lastRounds == 1 && last == first;
}

bool bluesteinReversesSteps(const std::vector<GroupedStep>& steps, const DeviceLimits& limits) {
  return limits.bluesteinMiddle && steps.size() >= 2 && steps.front().radices != steps.back().radices &&
         std::all_of(steps.begin(), steps.end(), [](const GroupedStep& step) { return step.rounds == 1; });
}

bool bluesteinFftsMeet(const std::vector<GroupedStep>& steps, const DeviceLimits& limits) {
  if (!limits.bluesteinMiddle || steps.empty()) return false;
  const GroupedStep& secondFirst = bluesteinReversesSteps(steps, limits) ? steps.back() : steps.front();
  return bluesteinStepsMeet(steps.size(), steps.back().radices, steps.back().rounds, secondFirst.radices);
}

PassInfo groupedPass(const PassInfo& base, const GroupedStep& step, std::size_t p, bool columns) {
  PassInfo pass = base;
  pass.kind = PassKind::Grouped;
  pass.span = step.points;
  pass.p = p;
  pass.grouped.innerRadices = step.radices;
  pass.radix = *std::max_element(step.radices.begin(), step.radices.end());
  pass.grouped.lanes = step.lanes;
  pass.grouped.values = step.values;
  pass.grouped.exchangeRounds = step.rounds;
  pass.grouped.componentExchange = step.components;
  pass.batchFastest = columns;
  const std::size_t lanes = base.rows * (base.length / step.points);
  pass.global = {(lanes + step.lanes - 1) / step.lanes * step.group, 1, 1};
  pass.local = {step.group, 1, 1};
  pass.workDim = 1;
  return pass;
}

namespace {

// The passes of `steps` (p = 1, F1, F1*F2, ...) for the rows `base` describes, appended.
void appendSteps(std::vector<PassInfo>& passes, const PassInfo& base, const std::vector<GroupedStep>& steps) {
  const bool columns = base.stride != 1;
  std::size_t p = 1;
  for (const GroupedStep& step : steps) {
    passes.push_back(groupedPass(base, step, p, columns));
    p *= step.points;
  }
}

// Rader's scatter from a pass after others (its stores go all over each row) with as many lanes
// as local memory and the work-group take, each work-item keeping its points: more lanes a group
// put more of the scattered stores to one row's neighbourhood at a time (docs/engine.md).
void widenScatter(PassInfo& pass, Precision precision, const DeviceLimits& limits) {
  if (pass.p == 1 || pass.grouped.exchangeRounds != 1 || pass.stride != 1 || pass.local[0] == 0) return;
  // The group grows with the lanes, so that every work-item keeps its rounds and values.
  const std::size_t maxLanes = std::max<std::size_t>(limits.runBytes / bytesPerComplex(precision), 1);
  const std::size_t maxItems = std::min(limits.maxGroupItems, limits.maxWorkGroupSize);
  std::size_t lanes = pass.grouped.lanes;
  while (lanes * 2 <= maxLanes && groupedLocalBytes(pass.span, lanes * 2, precision) <= limits.localMemBytes &&
         pass.local[0] * (lanes * 2 / pass.grouped.lanes) <= maxItems)
    lanes *= 2;
  const std::size_t all = pass.rows * (pass.length / pass.span), group = pass.local[0] * (lanes / pass.grouped.lanes);
  pass.grouped.lanes = lanes;
  pass.local = {group, 1, 1};
  pass.global = {(all + lanes - 1) / lanes * group, 1, 1};
}

// Rader's outputs stored in their own order into the padded rows by the last grouped pass, then
// put in X's order by a pass of their own (kernels/bluestein.cl, rader_permute) that writes X in
// order and reads each k's value at its discrete logarithm: scattered reads instead of the
// scattered stores of the last pass, and, where outputs o and o + N/2 lie side by side (pairedOut),
// one read for X[k] and X[n - k].
void appendRaderPermute(std::vector<PassInfo>& passes, const PassInfo& inner, const HookedRows& stage,
                        Precision precision, const DeviceLimits& limits) {
  const std::size_t bpp = bytesPerComplex(precision), tableBytes = stage.n * 4;
  const std::uint64_t paddedBytes = inner.length * inner.rows * bpp;
  PassInfo& last = passes.back();
  last.hooks.chirpOut = false;
  // Outputs o and o + N/2 are m and m + R/2 of one butterfly where the last radix R is even (a
  // pass of one inner radix may store through a pass of radix 1 instead: no pairs there).
  last.pairedOut = last.grouped.innerRadices.size() > 1 && last.grouped.innerRadices.back() % 2 == 0;
  last.bytesRead -= tableBytes;
  last.bytesWritten = paddedBytes;
  PassInfo permute;
  permute.kind = PassKind::Elementwise;
  permute.elementwise.kernel = ElementwiseKernel::RaderPermute;
  permute.length = stage.n;
  permute.padded = inner.length;
  permute.rows = inner.rows;
  permute.axis = inner.axis;
  permute.stride = stage.stride;
  permute.dist = stage.dist;
  permute.hooks.rader = true;
  permute.hooks.n = stage.n;
  permute.hooks.stride = stage.stride;
  permute.hooks.dist = stage.dist;
  permute.bytesRead = paddedBytes + tableBytes;
  permute.bytesWritten = stage.n * inner.rows * bpp;
  permute.pairedOut = last.pairedOut;
  const std::size_t width = permute.pairedOut ? inner.length / 2 + 1 : stage.n;  // k and n - k a work-item
  const std::size_t group = std::min<std::size_t>({256, limits.maxWorkGroupSize, width});
  permute.global = {(width + group - 1) / group * group, inner.rows, 1};
  permute.local = {group, 1, 1};
  permute.workDim = 2;
  passes.push_back(permute);
}

}  // namespace

bool appendGrouped(std::vector<PassInfo>& passes, const PassInfo& base, Precision precision,
                   const DeviceLimits& limits) {
  const auto steps = groupedSteps(base.length, base.rows, base.stride != 1, precision, limits);
  if (steps.empty()) return false;
  const std::size_t first = passes.size();
  appendSteps(passes, base, steps);
  if (limits.storeTwiddles) twiddleOnStores(passes, first);
  return true;
}

void twiddleOnStores(std::vector<PassInfo>& passes, std::size_t first) {
  for (std::size_t i = first; i + 1 < passes.size(); ++i) {
    const PassInfo& pass = passes[i];
    // Passes of one FFT in turn (p' = F*p), the first storing plainly: not Bluestein's filter or
    // chirp in its stores (pairs, untangling and splits come on passes this never takes; the
    // kernel refuses them all with NEXT_POINTS).
    const bool chained = pass.kind == PassKind::Grouped && passes[i + 1].kind == PassKind::Grouped &&
                         passes[i + 1].p == pass.p * pass.span;
    const bool plainStores = !pass.hooks.filterOut && !pass.hooks.filterMiddle && !pass.hooks.chirpOut &&
                             !pass.pairedOut && !pass.grouped.half.untangleOut && !pass.hooks.splitCols;
    if (!chained || !plainStores) continue;
    // A last inner radix that is a multiple of 4 multiplies its stores' twiddles in few products
    // (quarter-turns are free); after 5 or 10 they cost the pass more than the next one saves.
    if (pass.grouped.innerRadices.back() % 4 != 0) continue;
    // A pass that twiddles its own loads has one outer table, of F*p, and none for the next's.
    if (twiddlesOwnLoads(pass)) continue;
    passes[i].grouped.nextPoints = passes[i + 1].span;
    passes[i + 1].grouped.twiddledBefore = true;
  }
}

DeviceLimits fusedStageLimits(const DeviceLimits& limits) {
  // Later passes of at most 8 lanes a group: a pass that also reads the filter has less room for
  // lanes, where a plain long row's later passes gain from 16 (docs/engine.md).
  DeviceLimits fused = limits;
  fused.laterLanes = std::min<std::size_t>(limits.laterLanes, 8);
  // 16 values: 32 and 64 were timed in plain passes only, and the hooks' values would share their
  // registers. Nor radices of 32 and 64, whatever the values (FFTSCOPE_REGISTER_VALUES): they were
  // timed and tested in plain passes only.
  if (!fused.registerValues) fused.registerValues = kRegisterValues;
  fused.wideRadices = false;
  // Nor odd radices in registers, tested in plain rows only.
  fused.oddRegisterPasses = false;
  return fused;
}

bool appendFusedBluestein(std::vector<PassInfo>& passes, const PassInfo& inner, const HookedRows& stage,
                          Precision precision, const DeviceLimits& limits) {
  const auto steps = groupedSteps(inner.length, inner.rows, inner.stride != 1, precision, fusedStageLimits(limits));
  if (steps.empty()) return false;
  const std::size_t first = passes.size(), forward = steps.size();
  appendSteps(passes, inner, steps);
  if (bluesteinReversesSteps(steps, limits))
    appendSteps(passes, inner, {steps.rbegin(), steps.rend()});
  else
    appendSteps(passes, inner, steps);
  const std::size_t bpp = bytesPerComplex(precision);
  // Bluestein's chirp, or Rader's powers of g (32-bit).
  const std::size_t rowBytes = stage.n * inner.rows * bpp, tableBytes = stage.n * (stage.rader ? 4 : bpp);
  for (std::size_t j = first; j < passes.size(); ++j) {
    PassInfo& pass = passes[j];
    pass.padded = inner.length;
    pass.hooks.rader = stage.rader;
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
  if (bluesteinFftsMeet(steps, limits)) {
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
  if (limits.storeTwiddles) twiddleOnStores(passes, first);
  // Rows that one pass holds in local memory permute there (RADER_STAGED in grouped_hooks.cl).
  const PassInfo& last = passes.back();
  const bool staged = last.span == last.length && last.grouped.exchangeRounds == 1 && last.grouped.innerRadices.size() > 1;
  if (stage.rader && limits.raderPermutePass && inner.stride == 1 && last.hooks.chirpOut && !last.hooks.filterMiddle &&
      !staged)
    appendRaderPermute(passes, inner, stage, precision, limits);
  else if (stage.rader && !passes.back().hooks.filterMiddle)
    widenScatter(passes.back(), precision, limits);
  return true;
}

}  // namespace fftscope
