#include "engine/planning/BluesteinLength.h"

#include "engine/algorithms/Rader.h"
#include "engine/planning/GroupedPasses.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/planning/PassPlan.h"
#include "engine/planning/SplitBluestein.h"
#include "engine/planning/StagePlanner.h"

#include <algorithm>
#include <cstdlib>

namespace fftscope {
namespace {

// A launch, in round trips of M (as StagePlanner's kLaunchCost).
constexpr double kLaunchRoundTrips = 0.05;
// An inner pass of a grouped kernel (a write and a read of local memory, a barrier and its
// butterflies), in round trips of M: local memory is several times faster than global memory,
// but passes of small odd radices add up.
constexpr double kInnerPassRoundTrips = 0.05;
constexpr std::size_t kSmoothPrimes[] = {2, 3, 5, 7, 11, 13};

// The arithmetic of an odd radix's butterfly (a plain DFT, r/2 products a point), in round trips
// of a grouped pass: on the H200 a pass of radices 8·7·7 took 2.1 times the time of a power-of-two
// pass over the same bytes, and one of 2·5·11·13 2.9 times (docs/performance.md).
// A composite radix (a power of two times an odd factor, CompositeRadices.h) costs its odd factor's.
double oddRadixRoundTrips(int radix) {
  while (radix % 2 == 0) radix /= 2;
  return radix > 1 ? 0.07 * radix : 0.0;
}

std::size_t nextPowerOfTwo(std::size_t n) {
  std::size_t p = 1;
  while (p < n) p *= 2;
  return p;
}

// Every 13-smooth length in [low, high], ascending.
std::vector<std::size_t> smoothLengths(std::size_t low, std::size_t high) {
  std::vector<std::size_t> found;
  std::vector<std::size_t> all{1};
  for (std::size_t prime : kSmoothPrimes) {
    const std::size_t count = all.size();
    for (std::size_t i = 0; i < count; ++i)
      for (std::size_t v = all[i]; v <= high / prime;) {  // no product past high, so none overflows
        v *= prime;
        all.push_back(v);
      }
  }
  for (std::size_t v : all)
    if (v >= low) found.push_back(v);
  std::sort(found.begin(), found.end());
  return found;
}

// Grouped passes: the first reads n (x times the chirp) and writes M, the last of the second FFT
// reads M and writes n, every other pass reads and writes M (the FFTs' meeting, where one launch
// does it, once); the filter and the chirp are tables every row shares.
// `meet`: the FFTs meet in one launch whatever the steps (a split's row pass).
bool fusedCost(std::size_t n, std::size_t m, const std::vector<GroupedStep>& steps, const DeviceLimits& limits,
               ConvolutionCost& cost, bool meet = false) {
  if (steps.empty()) return false;
  std::size_t inner = 0;
  double arithmetic = 0;  // extra round trips of M, each way
  cost.passPoints.clear();
  for (const GroupedStep& step : steps) {
    inner += step.radices.size();
    for (int r : step.radices) arithmetic += oddRadixRoundTrips(r);
    cost.passPoints.push_back(step.points);
  }
  const double M = static_cast<double>(m);
  cost.padded = m;
  cost.fused = true;
  cost.passes = steps.size();
  // Where the FFTs meet in one launch, one round trip of M less.
  cost.fftsMeet = meet || bluesteinFftsMeet(steps, limits);
  cost.launches = 2 * steps.size() - (cost.fftsMeet ? 1 : 0);
  const double roundTripsOfM = 2.0 * static_cast<double>(cost.passes) - (cost.fftsMeet ? 2.0 : 1.0);
  cost.points = 2.0 * static_cast<double>(n) + 2.0 * M * roundTripsOfM +
                2.0 * M * (2.0 * static_cast<double>(inner) * kInnerPassRoundTrips +
                           static_cast<double>(cost.launches) * kLaunchRoundTrips) +
                4.0 * M * arithmetic;
  return true;
}

// Separate launches: chirp_pad (n read, M written), the FFT, spectrum_product (M read with the
// filter, M written), the FFT, chirp_unpad (M read, n written).
ConvolutionCost directCost(std::size_t n, std::size_t m, const PlanDescription& d, const DeviceLimits& limits) {
  const DirectFactors f = directFactors(m, d, limits);
  ConvolutionCost cost;
  cost.padded = m;
  cost.passes = (f.localPoints >= 2 ? 1 : 0) + f.radices.size();
  cost.launches = 2 * cost.passes + 3;
  if (f.localPoints >= 2) cost.passPoints.push_back(f.localPoints);
  for (int r : f.radices) cost.passPoints.push_back(static_cast<std::size_t>(r));
  const double M = static_cast<double>(m);
  // f.cost counts a pass as one round trip of M, arithmetic-heavy radices and launches included.
  cost.points = 2.0 * static_cast<double>(n) + 4.0 * M + 2.0 * M * (2.0 * f.cost + 3.0 * kLaunchRoundTrips);
  return cost;
}

// Rader's stage for a prime n: the fused passes over M = n - 1, and its reads of x gathered and
// its stores of X scattered over the row. Gathered and scattered in global memory they cost about
// five round trips of n more, since neighbouring work-items touch far-apart points; rows that one
// pass holds permute in local memory (kernels/grouped_hooks.cl, RADER_STAGED), about half a round
// trip; stored in order, two outputs side by side, and permuted by a pass of its own (rows only,
// DeviceLimits::raderPermutePass), about two and a half. docs/engine.md has the timings.
constexpr double kPermutePoints = 10.0;
constexpr double kPermutePassPoints = 5.0;
constexpr double kStagedPermutePoints = 1.0;
bool raderCost(std::size_t n, std::size_t rows, bool columns, const PlanDescription& d, const DeviceLimits& limits,
               ConvolutionCost& cost) {
  if (!limits.rader || !fusesBluestein(d, limits) || n < 3 || !isPrime(n)) return false;
  const DeviceLimits fused = fusedStageLimits(limits);  // the steps appendFusedBluestein plans
  const std::vector<GroupedStep> rowSteps = groupedSteps(n - 1, rows, false, d.precision, fused);
  if (!fusedCost(n, n - 1, rowSteps, limits, cost)) return false;
  // Columns take more lanes a group than rows, so local memory may not hold theirs in one step.
  const std::vector<GroupedStep> steps = columns ? groupedSteps(n - 1, rows, true, d.precision, fused) : rowSteps;
  const bool staged = steps.size() == 1 && steps[0].rounds == 1 && steps[0].radices.size() > 1;
  cost.rader = true;
  cost.permutePass = !staged && !columns && limits.raderPermutePass;
  cost.launches += cost.permutePass ? 1 : 0;
  const double permute = staged ? kStagedPermutePoints : cost.permutePass ? kPermutePassPoints : kPermutePoints;
  cost.points += permute * static_cast<double>(n);
  return true;
}

// Split over M as N1 x N2 (SplitBluestein.h): the steps of N1 and N2, their FFTs meeting.
bool splitCost(std::size_t n, std::size_t m, std::size_t rows, const PlanDescription& d, const DeviceLimits& limits,
               ConvolutionCost& cost) {
  const SplitShape shape = splitShape(m, rows, d.precision, limits);
  if (shape.cols == 0 || !fusedCost(n, m, {shape.column, shape.row}, limits, cost, true)) return false;
  cost.splitCols = shape.cols;
  return true;
}

// `columns`: 2D columns read in place, which are not split.
ConvolutionCost costOf(std::size_t n, std::size_t m, std::size_t rows, const PlanDescription& d,
                       const DeviceLimits& limits, bool columns) {
  ConvolutionCost cost, split;
  const bool fused =
      fusesBluestein(d, limits) &&
      fusedCost(n, m, groupedSteps(m, rows, false, d.precision, fusedStageLimits(limits)), limits, cost);
  if (fusesBluestein(d, limits) && !columns && splitCost(n, m, rows, d, limits, split) &&
      (!fused || limits.preferSplitBluestein || split.points < cost.points))
    return split;
  return fused ? cost : directCost(n, m, d, limits);
}

}  // namespace

bool fusesBluestein(const PlanDescription& d, const DeviceLimits& limits) {
  return d.variant == Variant::Auto && limits.groupedPasses;
}

ConvolutionLength chooseConvolutionLength(std::size_t n, std::size_t rows, const PlanDescription& d,
                                          const DeviceLimits& limits, bool columns) {
  const std::size_t low = 2 * n - 1, high = nextPowerOfTwo(low);
  ConvolutionLength result;
  result.powerOfTwo = costOf(n, high, rows, d, limits, columns);
  result.chosen = result.powerOfTwo;
  const std::size_t forced = limits.bluesteinLength;
  if (forced >= low && forced <= 4 * high && !smoothLengths(forced, forced).empty()) {
    result.chosen = costOf(n, forced, rows, d, limits, columns);
    result.candidates = 1;
    result.forced = true;
    return result;
  }
  for (std::size_t m : smoothLengths(low, high)) {
    ++result.candidates;
    ConvolutionCost cost = costOf(n, m, rows, d, limits, columns);
    if (cost.points < result.chosen.points) result.chosen = cost;
  }
  ConvolutionCost rader;
  if (raderCost(n, rows, columns, d, limits, rader) && (limits.preferRader || rader.points < result.chosen.points))
    result.chosen = rader;
  return result;
}

std::vector<std::size_t> cheapestConvolutionLengths(std::size_t n, std::size_t rows, const PlanDescription& d,
                                                    const DeviceLimits& limits, std::size_t count) {
  DeviceLimits estimated = limits;
  estimated.bluesteinLength = 0;
  const std::size_t low = 2 * n - 1, high = nextPowerOfTwo(low);
  std::vector<std::pair<double, std::size_t>> costs;
  for (std::size_t m : smoothLengths(low, high)) costs.push_back({costOf(n, m, rows, d, estimated, false).points, m});
  std::stable_sort(costs.begin(), costs.end());
  std::vector<std::size_t> lengths;
  for (const auto& [cost, m] : costs)
    if (lengths.size() < count) lengths.push_back(m);
  if (count > 0 && std::find(lengths.begin(), lengths.end(), high) == lengths.end()) {
    if (lengths.size() == count) lengths.pop_back();
    lengths.push_back(high);
  }
  return lengths;
}

std::size_t parseConvolutionLength(const char* text) {
  if (!text || *text < '0' || *text > '9') return 0;
  char* end = nullptr;
  const unsigned long long m = std::strtoull(text, &end, 10);
  if (*end != '\0' || m < 2 || m > (std::size_t{1} << 40)) return 0;
  return smoothLengths(m, m).empty() ? 0 : static_cast<std::size_t>(m);
}

}  // namespace fftscope
