#include "engine/planning/GroupedPlanner.h"

#include "engine/description/PlanDescription.h"
#include "engine/planning/CompositeRadices.h"
#include "engine/planning/PassPlan.h"
#include "engine/planning/RegisterExchange.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace fftscope {
namespace {

constexpr std::size_t kMaxInnerPasses = 6;  // R0 .. R5 in the kernel
constexpr std::size_t kLargestRadix = 31;

// n's prime factors, or empty when one is above kLargestRadix.
std::vector<std::size_t> primeFactors(std::size_t n) {
  std::vector<std::size_t> factors;
  for (std::size_t f = 2; f <= kLargestRadix && n > 1; ++f)
    while (n % f == 0) {
      factors.push_back(f);
      n /= f;
    }
  if (n > 1) factors.clear();
  return factors;
}

// One group's inner radices: its twos as 16s and a remainder, then its odd factors, threes in
// pairs as nines, merging other odd ones (3*5 = 15, 5*5 = 25 ...) while there are too many passes.
// On the H200 a pass of radix 9 beat two of radix 3 (1080-point columns: 0.022 against 0.029 ms),
// while 15 and 25, whose DFTs take (r/2)^2 products, lost to their factors (0.054 against 0.025,
// 0.288 against 0.088).
// A remainder of 2 after 16s goes with the last two 16s as 8 * 8 * 8, or with one as 8 * 4
// (eightFour): a radix-2 inner pass takes a work-item through 8 rounds where a 16 takes 1.
std::vector<int> innerRadices(const std::vector<std::size_t>& factors, std::size_t maxPasses, bool eightFour) {
  StepFactors split = stepFactors(factors);
  std::size_t twos = std::size_t{1} << split.twos;
  std::vector<int>& odd = split.odd;
  std::vector<int> radices;
  while (twos >= 16) {
    radices.push_back(16);
    twos /= 16;
  }
  if (twos == 2 && eightFour && radices.size() >= 2) {
    radices.end()[-2] = 8;
    radices.back() = 8;
    radices.push_back(8);
  } else if (twos == 2 && eightFour && !radices.empty()) {
    radices.back() = 8;
    radices.push_back(4);
  } else if (twos > 1) {
    radices.push_back(static_cast<int>(twos));
  }
  std::sort(odd.begin(), odd.end());
  while (radices.size() + odd.size() > maxPasses && odd.size() >= 2 &&
         static_cast<std::size_t>(odd[0] * odd[1]) <= kLargestRadix) {
    odd[1] *= odd[0];
    odd.erase(odd.begin());
    std::sort(odd.begin(), odd.end());
  }
  radices.insert(radices.end(), odd.begin(), odd.end());
  return radices;
}

// Spreads the factors over `passes` groups with products as even as possible (largest first
// into the smallest group).
std::vector<std::vector<std::size_t>> spread(std::vector<std::size_t> factors, std::size_t passes) {
  std::sort(factors.rbegin(), factors.rend());
  std::vector<std::vector<std::size_t>> groups(passes);
  for (std::size_t f : factors) {
    auto smallest = std::min_element(groups.begin(), groups.end(),
                                     [](const auto& a, const auto& b) { return productOf(a) < productOf(b); });
    smallest->push_back(f);
  }
  return groups;
}

// A pass after others with an odd radix: of the groups of as many work-items as its lanes'
// butterflies of one radix (or maxItems), the one whose rounds over every radix are fewest, the
// larger on a tie; the lanes stay (fewer lost wherever the H200 timed them). There 3000-point
// columns' second pass (4 3 5, 16 lanes) took 0.062 ms with 256 work-items against 0.075 with 192,
// 48000's second (16 3 5) 0.091 against 0.102; first passes did not gain (3000's 2 5 5: 0.071
// against 0.067, 12288's 16 2 3: 0.075 against 0.073), nor powers of two (4096-point columns'
// second, 16 4: 0.094 ms with 256 against 0.078 with 64): they keep one butterfly of the largest.
// f64 lost too (48000's second pass 0.371 ms against 0.159), so it is f32's alone.
std::size_t fewestRoundsGroup(std::size_t lanes, std::size_t points, const std::vector<int>& radices,
                              std::size_t maxItems, std::size_t current) {
  auto rounds = [&](std::size_t group) {
    std::size_t total = 0;
    for (int r : radices) total += (lanes * points / static_cast<std::size_t>(r) + group - 1) / group;
    return total;
  };
  std::size_t best = current, bestRounds = rounds(current);
  for (int r : radices) {
    const std::size_t group = std::min(lanes * points / static_cast<std::size_t>(r), maxItems);
    const std::size_t total = rounds(group);
    if (total < bestRounds || (total == bestRounds && group > best)) {
      best = group;
      bestRounds = total;
    }
  }
  return best;
}

}  // namespace

GroupedTableLayout groupedTableLayout(const PassInfo& pass) {
  GroupedTableLayout t;
  std::size_t pp = pass.innerRadices.empty() ? 1 : static_cast<std::size_t>(pass.innerRadices[0]);
  for (std::size_t i = 1; i < pass.innerRadices.size(); ++i) {
    t.innerOffsets.push_back(t.innerSize);
    t.innerSize += static_cast<std::size_t>(pass.innerRadices[i] - 1) * pp;
    pp *= static_cast<std::size_t>(pass.innerRadices[i]);
  }
  if (const std::size_t n = groupedOuterLength(pass); n != 0) {
    t.lo = std::size_t{1} << groupedSplitLog2(n);
    t.hi = (n + t.lo - 1) / t.lo;
  }
  if (twiddlesOwnLoads(pass) && t.lo != 0) {
    const std::size_t subs = pass.length / pass.span;
    if (pass.batchFastest)
      t.split = pass.stride % pass.lanes == 0 ? 2 : pass.stride > pass.lanes ? 3 : 0;
    else
      t.split = pass.p % pass.lanes == 0 && subs % pass.lanes == 0 ? 1 : 0;
    if (t.split == 1) t.laneSize = pass.span * pass.lanes;
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
  if (pass.nextPoints) return pass.nextPoints * pass.span * pass.p;
  return twiddlesOwnLoads(pass) ? pass.span * pass.p : 0;
}

bool twiddlesOwnLoads(const PassInfo& pass) { return pass.p > 1 && !pass.twiddledBefore; }

std::size_t groupedSplitLog2(std::size_t n) {
  std::size_t bits = 0;
  while ((std::size_t{1} << bits) < n) ++bits;
  return (bits + 1) / 2;
}

std::size_t groupedLocalBytes(std::size_t points, std::size_t lanes, Precision precision) {
  return lanes * ((points + points / 16) | 1) * bytesPerComplex(precision);
}

namespace {

// Whether each inner pass of a step has no more butterflies than its group has work-items.
bool oneRound(const GroupedStep& step) {
  return std::all_of(step.radices.begin(), step.radices.end(), [&](int r) {
    return step.lanes * step.points / static_cast<std::size_t>(r) <= step.group;
  });
}

}  // namespace

std::vector<GroupedStep> groupedSteps(std::size_t n, std::size_t rows, bool columns, Precision precision,
                                      const DeviceLimits& limits) {
  std::vector<std::size_t> factors = primeFactors(n);
  if (factors.empty() || n * rows >= (std::size_t{1} << 31)) return {};
  const std::size_t bpp = bytesPerComplex(precision);
  const std::size_t runLanes = 32 / bpp;         // lanes for 32-byte runs: 4 in f32, 2 in f64
  const std::size_t maxLanes = std::max<std::size_t>(limits.runBytes / bpp, runLanes);  // and the longest
  // Columns' longest runs, where a step keeps at least 256 work-groups (two an SM of the H200's
  // 132): 256² with 32 lanes a group had 8 and took 0.0095 ms against 16 lanes' 0.0070.
  constexpr std::size_t kFewestColumnGroups = 256;
  const std::size_t columnLanes = std::max<std::size_t>(limits.columnRunBytes / bpp, maxLanes);
  auto longestRun = [&](std::size_t points) {
    std::size_t lanes = columns ? columnLanes : maxLanes;
    while (lanes > maxLanes && rows * (n / points) / lanes < kFewestColumnGroups) lanes /= 2;
    return lanes;
  };
  // Fewer lanes where the H200 measured them faster (docs/performance.md): a register-held f32 step
  // of 8 lanes (512 work-items, two exchange rounds) took 0.096 ms where 16 (1024, four rounds)
  // took 0.118. A long row's later local-memory passes once took 0.090 ms in 8 lanes against 16's
  // 0.096, but with today's kernels 16 win (2^24's last pass 0.083 against 0.097; f64 has 8 lanes
  // for 128-byte runs either way).
  const std::size_t heldLanes = std::clamp<std::size_t>(limits.heldRunBytes / bpp, runLanes, maxLanes);
  const std::size_t laterLanes = std::clamp<std::size_t>(limits.laterLanes, runLanes, maxLanes);
  // A register-held step read or written lane by lane needs runs of 64 bytes: on the H200 one of
  // 4096 points with 32-byte runs took longer than two local-memory passes with 128-byte runs
  // (2^24: 0.49 against 0.32 ms; as 64 values a work-item, 4096² columns 0.187 against 0.144,
  // docs/performance.md). FFTSCOPE_HELD_FEWEST_RUN_BYTES=32 allows them, to time them.
  const std::size_t heldRunLanes = std::max<std::size_t>(limits.heldFewestRunBytes / bpp, 1);
  const std::size_t maxGroup = std::min<std::size_t>(limits.maxWorkGroupSize, 1024);

  auto fits = [&](std::size_t points, std::size_t lanes, int largestRadix) {
    return groupedLocalBytes(points, lanes, precision) <= limits.localMemBytes &&
           lanes * points / static_cast<std::size_t>(largestRadix) <= maxGroup;
  };
  // A step larger than local memory: held in registers, with as long runs as the group allows
  // (one lane for a whole row, whose points are its own neighbours).
  // Radices of 32 and 64 (one work-item's butterfly in registers) only in steps over whole rows: on
  // the H200 they took 16384-point rows from 0.1215 to 0.1121 ms (16 16 64), 8192-point rows from
  // 0.0828 to 0.0761 (16 16 32 of 32 values), while 2^20 x 16's strided steps of 8 lanes went from
  // 0.177 to 0.500 (32 32 of 64 values, 128 work-items a group).
  DeviceLimits stridedLimits = limits;
  stridedLimits.wideRadices = false;
  auto registerHeld = [&](std::size_t points, bool wholeRows, std::size_t p, std::size_t fewestLanes) {
    const DeviceLimits& heldLimits = wholeRows ? limits : stridedLimits;
    const std::size_t subs = n / points;
    const bool readFast = columns || subs > 1;
    for (std::size_t lanes = wholeRows ? 1 : std::max(heldLanes, fewestLanes); lanes >= fewestLanes && lanes >= 1; lanes /= 2) {
      const bool writeFast = columns || (p >= lanes && subs > 1);
      if (auto step = registerHeldStep(points, lanes, readFast, writeFast, precision, heldLimits)) return step;
      if (wholeRows) break;
    }
    return std::optional<GroupedStep>{};
  };
  for (std::size_t passes = 1; passes <= factors.size(); ++passes) {
    const bool wholeRows = passes == 1 && !columns;
    const std::size_t minLanes = wholeRows ? 1 : runLanes;
    std::vector<GroupedStep> steps;
    bool ok = true;
    std::size_t p = 1;
    for (const auto& group : spread(factors, passes)) {
      GroupedStep step;
      // 8 * 4 where the H200 timed it: a row's first pass. Elsewhere a largest radix of 8 would
      // leave the pass fewer lanes (shorter runs) under the work-item cap.
      step.radices = innerRadices(group, std::clamp<std::size_t>(limits.oddInnerPasses, 1, kMaxInnerPasses),
                                  limits.eightFour && !columns && p == 1);
      step.points = productOf(group);
      const int largest = *std::max_element(step.radices.begin(), step.radices.end());
      const bool inLocal = step.radices.size() <= kMaxInnerPasses && fits(step.points, minLanes, largest);
      const std::size_t stepLanes = longestRun(step.points);
      const std::size_t laneCap = !columns && p > 1 ? laterLanes : stepLanes;
      // Registers for a step read or written lane by lane where they lengthen a local-memory
      // pass's runs (H200, 2^20 x 16: 8 lanes against 4, 0.279 against 0.323 ms), not where they
      // would save a pass with shorter runs than the local passes have (2^24: 0.49 against 0.32 ms;
      // Bluestein's 2^21: 1.61 against 1.35 ms), unless preferred (FFTSCOPE_REGISTER_PASSES=prefer).
      // Where local memory holds 8 lanes of a later pass (16 of another), more lanes only widen a
      // local pass: the longer runs were timed for those, not for register-held steps.
      const std::size_t heldBelow = !columns && p > 1 ? std::clamp<std::size_t>(8, runLanes, maxLanes) : maxLanes;
      if (!wholeRows && inLocal) {
        std::size_t localLanes = minLanes;
        while (localLanes < heldBelow && fits(step.points, localLanes * 2, largest)) localLanes *= 2;
        if (localLanes < heldBelow)
          if (auto held = registerHeld(step.points, false, p, std::max(localLanes * 2, heldRunLanes))) {
            steps.push_back(*held);
            p *= step.points;
            continue;
          }
      }
      if (!inLocal) {
        if (wholeRows || limits.preferRegisterPasses)
          if (auto held = registerHeld(step.points, wholeRows, p, wholeRows ? minLanes : heldRunLanes)) {
            steps.push_back(*held);
            p *= step.points;
            continue;
          }
        ok = false;
        break;
      }
      p *= step.points;
      step.lanes = minLanes;
      if (wholeRows) {
        // Short rows share a group, as far as the rows and local memory go.
        while (step.lanes * step.points / largest < limits.groupTarget && step.lanes < rows &&
               fits(step.points, step.lanes * 2, largest))
          step.lanes *= 2;
      } else {
        while (step.lanes < laneCap && fits(step.points, step.lanes * 2, largest)) step.lanes *= 2;
        // A later step's fewer lanes, but not fewer work-items than the group target: on the H200
        // Bluestein's 2^21 x 16 took its later passes of 128 points in 0.18-0.19 ms with 16 lanes
        // (128 work-items) against 0.20-0.22 with 8 (64 work-items).
        while (step.lanes < stepLanes && step.lanes * step.points / largest < limits.groupTarget &&
               fits(step.points, step.lanes * 2, largest))
          step.lanes *= 2;
      }
      // At most maxGroup work-items (what a GPU's registers allow for any of these kernels, with
      // enough groups an SM to hide memory latency): fewer lanes first, then more butterflies a
      // work-item. Whole rows with an odd radix take 8 points a work-item, not one butterfly of the
      // largest radix, so that the smaller radices go in fewer rounds: on the H200 1920-point rows
      // (16 8 3 5) 0.023 -> 0.019 ms, 4000 (16 2 5 5 5) 0.090 -> 0.077, 1080 (8 3 5 9) 0.101 -> 0.098;
      // a pass after others lost (4096-point columns' second, 0.078 -> 0.118), 4096-point rows kept.
      auto sizeGroup = [&](GroupedStep step, std::size_t maxItems) {
        const bool odd = std::any_of(step.radices.begin(), step.radices.end(), [](int r) { return !isPowerOfTwo(static_cast<std::size_t>(r)); });
        const std::size_t aim = limits.itemPoints ? limits.itemPoints : wholeRows && odd ? limits.rowItemPoints : 0;
        const std::size_t perItem = aim ? std::min<std::size_t>(aim, largest) : largest;
        while (step.lanes * step.points / perItem > maxItems && step.lanes > minLanes) step.lanes /= 2;
        step.group = std::min(step.lanes * step.points / perItem, maxItems);
        if (p > step.points && odd && precision == Precision::F32 && !limits.itemPoints && limits.fewestRounds)
          step.group = fewestRoundsGroup(step.lanes, step.points, step.radices, maxItems, step.group);
        // Composite radices in a first pass only: on the H200 passes after others lost with them
        // (48000's second, 24 10 against 16 3 5: 0.109 against 0.091 ms; 3000-point columns' second,
        // 10 6 against 4 3 5: 0.074 against 0.062), first passes gained (1920-point rows 16 12 10
        // against 16 8 3 5: 0.082 against 0.094; 3000-point columns' first, 10 5 against 2 5 5: 0.052
        // against 0.066).
        // (A cheaper sequence of plain radices is not taken: the rules above were timed for those.)
        if (odd && limits.compositeRadix && p == step.points)
          if (auto joined = compositeInnerRadices(group, step.lanes, maxItems, limits);
              joined && std::any_of(joined->radices.begin(), joined->radices.end(), isCompositeRadix)) {
            step.radices = joined->radices;
            step.group = joined->group;
          }
        // A sequence asked for by name (FFTSCOPE_INNER_RADICES), to time it.
        if (!limits.innerRadices.empty() && productOf(limits.innerRadices) == step.points) {
          const InnerChoice asked = cheapestGroup(limits.innerRadices, step.lanes, maxItems, limits.innerPassValues);
          step.radices = asked.radices;
          step.group = asked.group;
        }
        for (int r : step.radices) {
          const std::size_t butterflies = step.lanes * step.points / r;
          step.values = std::max(step.values, (butterflies + step.group - 1) / step.group * r);
        }
        return step;
      };
      step = [&] {
        const GroupedStep sized = sizeGroup(step, std::min(limits.maxGroupItems, maxGroup));
        // A step over lanes (columns, or a long row's) may take up to oneRoundGroupItems work-items
        // where that runs every inner pass in one round: a work-item then holds one butterfly's
        // values, not two or more. On the H200 1080 x 1920's 1080-point columns (12 10 9, 4 lanes)
        // took 0.0183 ms with 480 work-items (55 registers) against 0.0201 with 256 (94), but
        // 1000 x 750's and 3000 x 4000's lost (PassPlan.h): off unless asked for.
        if (wholeRows || limits.oneRoundGroupItems <= limits.maxGroupItems || oneRound(sized)) return sized;
        const GroupedStep wide = sizeGroup(step, std::min(limits.oneRoundGroupItems, maxGroup));
        return oneRound(wide) ? wide : sized;
      }();
      steps.push_back(step);
    }
    if (ok) return steps;
  }
  return {};
}

}  // namespace fftscope
