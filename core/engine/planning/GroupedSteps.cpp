// The steps of grouped passes for rows or columns of n points: how many passes, which inner
// radices each, and how many lanes, work-items and values a work-item (GroupedPlanner.h).
// groupedSteps tries one pass, then two and more, and takes the first count whose every step
// local memory or registers hold.
#include "engine/planning/GroupedPlanner.h"

#include "engine/description/DeviceLimits.h"
#include "engine/description/PlanDescription.h"
#include "engine/planning/CompositeRadices.h"
#include "engine/planning/RegisterExchange.h"

#include <algorithm>
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
// pairs as nines, merging other odd ones (3*5 = 15, 5*5 = 25 ...) only while there are too many
// passes: a radix-9 pass saves a trip through local memory over two of 3, while 15 and 25, whose
// DFTs take (r/2)^2 products, cost more than their factors' passes (docs/engine.md).
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
// larger on a tie; the lanes stay, since fewer lanes mean shorter runs. Only later f32 passes take
// it: first passes, powers of two and f64 passes (whose values then take more registers) keep one
// butterfly of the largest radix (docs/engine.md has the timings).
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

// Whether each inner pass of a step has no more butterflies than its group has work-items.
bool oneRound(const GroupedStep& step) {
  return std::all_of(step.radices.begin(), step.radices.end(), [&](int r) {
    return step.lanes * step.points / static_cast<std::size_t>(r) <= step.group;
  });
}

// What one call of groupedSteps plans with: the rows, the limits and the lanes they allow.
struct StepRules {
  std::size_t n = 0;
  std::size_t rows = 0;
  bool columns = false;
  Precision precision = Precision::F32;
  DeviceLimits limits;
  DeviceLimits stridedLimits;    // a register-held step over lanes: radices up to 16
  std::size_t runLanes = 0;      // lanes for 32-byte runs: 4 in f32, 2 in f64
  std::size_t maxLanes = 0;      // lanes for the longest runs of rows (runBytes)
  std::size_t columnLanes = 0;   // lanes for the longest runs of columns (columnRunBytes)
  std::size_t heldLanes = 0;     // a register-held step's lanes (heldRunBytes)
  std::size_t laterLanes = 0;    // a long row's later local-memory steps' lanes
  std::size_t heldRunLanes = 0;  // the fewest lanes a register-held step over lanes may take
  std::size_t maxGroup = 0;      // work-items a group, at most
};

// Columns keep at least this many work-groups (two an SM of a 132-SM GPU) before their runs grow.
constexpr std::size_t kFewestColumnGroups = 256;

StepRules stepRules(std::size_t n, std::size_t rows, bool columns, Precision precision, const DeviceLimits& limits) {
  StepRules r;
  r.n = n;
  r.rows = rows;
  r.columns = columns;
  r.precision = precision;
  r.limits = limits;
  // Radices of 32 and 64 (one work-item's butterfly in registers) only in steps over whole rows:
  // in strided steps they leave too few work-items a group (docs/engine.md).
  r.stridedLimits = limits;
  r.stridedLimits.wideRadices = false;
  const std::size_t bpp = bytesPerComplex(precision);
  r.runLanes = 32 / bpp;
  r.maxLanes = std::max<std::size_t>(limits.runBytes / bpp, r.runLanes);
  r.columnLanes = std::max<std::size_t>(limits.columnRunBytes / bpp, r.maxLanes);
  // A register-held step takes fewer lanes than a local one: more would take more exchange rounds.
  r.heldLanes = std::clamp<std::size_t>(limits.heldRunBytes / bpp, r.runLanes, r.maxLanes);
  r.laterLanes = std::clamp<std::size_t>(limits.laterLanes, r.runLanes, r.maxLanes);
  // A register-held step read or written lane by lane needs runs of heldFewestRunBytes: with
  // shorter ones it is slower than the local-memory passes it would save (docs/engine.md).
  r.heldRunLanes = std::max<std::size_t>(limits.heldFewestRunBytes / bpp, 1);
  r.maxGroup = std::min<std::size_t>(limits.maxWorkGroupSize, 1024);
  return r;
}

// The lanes of a step's longest runs: columns' longer runs only while enough groups remain.
std::size_t longestRun(const StepRules& r, std::size_t points) {
  std::size_t lanes = r.columns ? r.columnLanes : r.maxLanes;
  while (lanes > r.maxLanes && r.rows * (r.n / points) / lanes < kFewestColumnGroups) lanes /= 2;
  return lanes;
}

// Whether local memory holds the step's lanes and the group its butterflies of the largest radix.
bool fits(const StepRules& r, std::size_t points, std::size_t lanes, int largestRadix) {
  return groupedLocalBytes(points, lanes, r.precision) <= r.limits.localMemBytes &&
         lanes * points / static_cast<std::size_t>(largestRadix) <= r.maxGroup;
}

// A step larger than local memory, held in registers, with as long runs as the group allows (one
// lane for a whole row, whose points are its own neighbours), or none.
std::optional<GroupedStep> registerHeld(const StepRules& r, std::size_t points, bool wholeRows, std::size_t p,
                                        std::size_t fewestLanes) {
  const DeviceLimits& heldLimits = wholeRows ? r.limits : r.stridedLimits;
  const std::size_t subs = r.n / points;
  const bool readFast = r.columns || subs > 1;
  for (std::size_t lanes = wholeRows ? 1 : std::max(r.heldLanes, fewestLanes); lanes >= fewestLanes && lanes >= 1;
       lanes /= 2) {
    const bool writeFast = r.columns || (p >= lanes && subs > 1);
    if (auto step = registerHeldStep(points, lanes, readFast, writeFast, r.precision, heldLimits)) return step;
    if (wholeRows) break;
  }
  return std::nullopt;
}

// A step over lanes (not whole rows) whose local memory holds fewer lanes than `heldBelow` takes
// registers where they lengthen its runs. Not where they would save a pass with shorter runs than
// the local passes have, unless preferred (FFTSCOPE_REGISTER_PASSES=prefer); where local memory
// holds 8 lanes of a later pass, more lanes only widen a local pass.
std::optional<GroupedStep> lengthenedByRegisters(const StepRules& r, const GroupedStep& step, std::size_t p,
                                                 std::size_t minLanes, int largest) {
  const std::size_t heldBelow = !r.columns && p > 1 ? std::clamp<std::size_t>(8, r.runLanes, r.maxLanes) : r.maxLanes;
  std::size_t localLanes = minLanes;
  while (localLanes < heldBelow && fits(r, step.points, localLanes * 2, largest)) localLanes *= 2;
  if (localLanes >= heldBelow) return std::nullopt;
  return registerHeld(r, step.points, false, p, std::max(localLanes * 2, r.heldRunLanes));
}

// A local-memory step's lanes: short whole rows share a group up to the group target; a step over
// lanes takes the longest runs local memory holds (a long row's later steps laterLanes), and more
// while its group stays below the group target.
std::size_t localLanes(const StepRules& r, const GroupedStep& step, bool wholeRows, std::size_t p, std::size_t minLanes,
                       int largest) {
  std::size_t lanes = minLanes;
  auto wider = [&] { return fits(r, step.points, lanes * 2, largest); };
  auto belowTarget = [&] { return lanes * step.points / largest < r.limits.groupTarget; };
  if (wholeRows) {
    while (belowTarget() && lanes < r.rows && wider()) lanes *= 2;
    return lanes;
  }
  const std::size_t stepLanes = longestRun(r, step.points);
  // p is the sub-sequence length after this step: above its points, the step follows others.
  const std::size_t laneCap = !r.columns && p > step.points ? r.laterLanes : stepLanes;
  while (lanes < laneCap && wider()) lanes *= 2;
  while (lanes < stepLanes && belowTarget() && wider()) lanes *= 2;
  return lanes;
}

// A short whole row in one inner pass is one work-item's, so neighbouring work-items read and
// write points `points` apart, and every access touches a 32-byte sector per work-item of which
// it uses one point (the H200 ran 16-point rows at a third of VkFFT's speed). Two inner passes
// give a row to several work-items, neighbouring ones taking neighbouring points: four of f32
// fill a sector, at the cost of one trip through local memory.
std::vector<int> sectorRuns(const std::vector<int>& radices, std::size_t points) {
  if (radices.size() != 1) return radices;
  if (points == 16) return {4, 4};
  if (points == 8) return {2, 4};
  return radices;
}

// At most maxItems work-items: fewer lanes first, then more butterflies a work-item. Whole rows
// with an odd radix aim at rowItemPoints points a work-item, so that their smaller radices go in
// fewer rounds; later f32 passes with an odd radix take the group of fewest rounds; a first pass
// with an odd factor may take composite radices (CompositeRadices.h), later passes keep plain
// ones, whose rules these are; FFTSCOPE_INNER_RADICES names a sequence to time. `p` is the
// sub-sequence length after this step; `group` its factors.
GroupedStep sizeGroup(const StepRules& r, GroupedStep step, const std::vector<std::size_t>& group, std::size_t p,
                      bool wholeRows, std::size_t minLanes, int largest, std::size_t maxItems) {
  const DeviceLimits& limits = r.limits;
  const bool odd = std::any_of(step.radices.begin(), step.radices.end(),
                               [](int radix) { return !isPowerOfTwo(static_cast<std::size_t>(radix)); });
  const std::size_t aim = limits.itemPoints ? limits.itemPoints : wholeRows && odd ? limits.rowItemPoints : 0;
  const std::size_t perItem = aim ? std::min<std::size_t>(aim, largest) : largest;
  while (step.lanes * step.points / perItem > maxItems && step.lanes > minLanes) step.lanes /= 2;
  step.group = std::min(step.lanes * step.points / perItem, maxItems);
  if (p > step.points && odd && r.precision == Precision::F32 && !limits.itemPoints && limits.fewestRounds)
    step.group = fewestRoundsGroup(step.lanes, step.points, step.radices, maxItems, step.group);
  if (odd && limits.compositeRadix && p == step.points)
    if (auto joined = compositeInnerRadices(group, step.lanes, maxItems, limits);
        joined && std::any_of(joined->radices.begin(), joined->radices.end(), isCompositeRadix)) {
      step.radices = joined->radices;
      step.group = joined->group;
    }
  if (!limits.innerRadices.empty() && productOf(limits.innerRadices) == step.points) {
    const InnerChoice asked = cheapestGroup(limits.innerRadices, step.lanes, maxItems, limits.innerPassValues);
    step.radices = asked.radices;
    step.group = asked.group;
  }
  for (int radix : step.radices) {
    const std::size_t butterflies = step.lanes * step.points / radix;
    step.values = std::max(step.values, (butterflies + step.group - 1) / step.group * radix);
  }
  return step;
}

// The step's group: sized within maxGroupItems, or, for a step over lanes, within
// oneRoundGroupItems where that runs every inner pass in one round, a work-item then holding one
// butterfly's values (off by default: it gains on some shapes and loses on others, PassPlan.h).
GroupedStep groupOf(const StepRules& r, const GroupedStep& step, const std::vector<std::size_t>& group, std::size_t p,
                    bool wholeRows, std::size_t minLanes, int largest) {
  const DeviceLimits& limits = r.limits;
  auto sized = [&](std::size_t maxItems) {
    return sizeGroup(r, step, group, p, wholeRows, minLanes, largest, std::min(maxItems, r.maxGroup));
  };
  const GroupedStep kept = sized(limits.maxGroupItems);
  if (wholeRows || limits.oneRoundGroupItems <= limits.maxGroupItems || oneRound(kept)) return kept;
  const GroupedStep wide = sized(limits.oneRoundGroupItems);
  return oneRound(wide) ? wide : kept;
}

// One step of `factors` after steps of sub-sequence length p, or none where neither local memory
// nor registers take it. Moves p on past the step.
std::optional<GroupedStep> stepOf(const StepRules& r, const std::vector<std::size_t>& factors, bool wholeRows,
                                  std::size_t& p) {
  const DeviceLimits& limits = r.limits;
  const std::size_t minLanes = wholeRows ? 1 : r.runLanes;
  GroupedStep step;
  // 8 * 4 in a row's first pass alone: elsewhere a largest radix of 8 would leave the pass fewer
  // lanes (shorter runs) under the work-item cap.
  step.radices = innerRadices(factors, std::clamp<std::size_t>(limits.oddInnerPasses, 1, kMaxInnerPasses),
                              limits.eightFour && !r.columns && p == 1);
  step.points = productOf(factors);
  if (wholeRows) step.radices = sectorRuns(step.radices, step.points);
  const int largest = *std::max_element(step.radices.begin(), step.radices.end());
  const bool inLocal = step.radices.size() <= kMaxInnerPasses && fits(r, step.points, minLanes, largest);
  std::optional<GroupedStep> held;
  if (!wholeRows && inLocal) held = lengthenedByRegisters(r, step, p, minLanes, largest);
  if (!inLocal && (wholeRows || limits.preferRegisterPasses))
    held = registerHeld(r, step.points, wholeRows, p, wholeRows ? minLanes : r.heldRunLanes);
  p *= step.points;
  if (held) return held;
  if (!inLocal) return std::nullopt;
  step.lanes = localLanes(r, step, wholeRows, p, minLanes, largest);
  return groupOf(r, step, factors, p, wholeRows, minLanes, largest);
}

}  // namespace

std::vector<GroupedStep> groupedSteps(std::size_t n, std::size_t rows, bool columns, Precision precision,
                                      const DeviceLimits& limits) {
  const std::vector<std::size_t> factors = primeFactors(n);
  if (factors.empty() || n * rows >= (std::size_t{1} << 31)) return {};
  const StepRules rules = stepRules(n, rows, columns, precision, limits);
  for (std::size_t passes = 1; passes <= factors.size(); ++passes) {
    const bool wholeRows = passes == 1 && !columns;
    std::vector<GroupedStep> steps;
    std::size_t p = 1;
    for (const std::vector<std::size_t>& group : spread(factors, passes)) {
      const std::optional<GroupedStep> step = stepOf(rules, group, wholeRows, p);
      if (!step) break;
      steps.push_back(*step);
    }
    if (steps.size() == passes) return steps;
  }
  return {};
}

}  // namespace fftscope
