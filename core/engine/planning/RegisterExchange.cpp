#include "engine/planning/RegisterExchange.h"

#include "engine/planning/CompositeRadices.h"
#include "engine/planning/PassPlan.h"
#include "engine/description/PlanDescription.h"

#include <algorithm>
#include <utility>

namespace fftscope {
namespace {

constexpr std::size_t kMaxInnerPasses = 6;  // R0 .. R5 in the kernel
// The kernel writes out at most 8 rounds, but beyond 4 its code grows past what a compiler
// (PoCL's LLVM) builds in reasonable time.
constexpr std::size_t kMaxRounds = 4;
constexpr std::size_t kMinGroup = 64;       // fewer work-items would leave the GPU idle
constexpr std::size_t kMostRegisters = 255;  // a work-item's most under NVIDIA's -cl-nv-maxrregcount
// The most values a work-item of a component exchange holds: on the H200 rows of 56 values
// (7168 points) took 0.80 of the two passes' time, of 88 (7744 as 44 4 44, 11264 as 8 8 8 22)
// 3.5-4.5 times it (docs/performance.md).
constexpr std::size_t kMostComponentValues = 64;
// What a work-item of a register-held pass takes: on the H200 the compiler, left to itself,
// needed about twice its values' registers and some for addresses, so groups of 1024 (f32) and
// 512 (f64) could not be built (docs/performance.md): 96 registers in f32, 160 in f64. Where the
// build caps them (registerCap), the values and 32 for addresses must fit: 64 in f32, 96 in f64.
std::size_t registersPerItem(std::size_t values, Precision precision, bool capped) {
  const std::size_t words = values * (precision == Precision::F32 ? 2 : 4);
  return capped ? words + 32 : 2 * words + 32;
}

// butterfly() of kernels/grouped_fft.cl: (lane, index) of butterfly b of a pass of radix r.
struct LaneIndex {
  std::size_t lane, index;
};
LaneIndex butterflyOf(std::size_t b, std::size_t r, const RegisterExchange& e, bool laneFast) {
  const std::size_t perLane = e.points / r;
  return laneFast ? LaneIndex{b % e.lanes, b / e.lanes} : LaneIndex{b / perLane, b % perLane};
}

// write_slice() of the kernel, or -1 where it would divide by zero.
long writeSliceFormula(std::size_t q, std::size_t m, std::size_t r, std::size_t pp, const RegisterExchange& e) {
  const std::size_t t = e.group / e.lanes, rounds = e.lanes * e.points / (r * e.group), x = e.rounds;
  if (t % pp == 0) return rounds / x == 0 ? -1 : static_cast<long>(q / (rounds / x));
  const std::size_t divisor = (e.points / (r * pp)) * r / x;
  if (pp / t == 0 || divisor == 0) return -1;
  return static_cast<long>(((q / (pp / t)) * r + m) / divisor);
}

// read_slice() of the kernel, or -1 where it would divide by zero.
long readSliceFormula(std::size_t q, std::size_t m, std::size_t r, const RegisterExchange& e) {
  const std::size_t rounds = e.lanes * e.points / (r * e.group);
  const std::size_t divisor = rounds * r / e.rounds;
  return divisor == 0 ? -1 : static_cast<long>((m * rounds + q) / divisor);
}

// The exchange after inner pass `pass`: every value's formula slice against its position's.
bool exchangeExact(const RegisterExchange& e, std::size_t pass, std::size_t pp) {
  const std::size_t count = e.radices.size();
  const std::size_t rw = static_cast<std::size_t>(e.radices[pass]);
  const std::size_t rr = static_cast<std::size_t>(e.radices[pass + 1]);
  const bool writeFast = pass == 0 ? e.readLaneFast : true;
  const bool readFast = pass + 1 == count - 1 ? e.writeLaneFast : true;
  const std::size_t slice = e.points / e.rounds;
  const std::size_t perRound = e.values / e.rounds;
  std::vector<std::size_t> writes(e.rounds, 0), reads(e.rounds, 0);
  for (std::size_t q = 0; q < e.values / rw; ++q)
    for (std::size_t m = 0; m < rw; ++m) {
      long s = writeSliceFormula(q, m, rw, pp, e);
      if (s < 0 || static_cast<std::size_t>(s) >= e.rounds) return false;
      ++writes[static_cast<std::size_t>(s)];
      for (std::size_t t = 0; t < e.group; ++t) {
        LaneIndex ci = butterflyOf(t + q * e.group, rw, e, writeFast);
        std::size_t k = ci.index % pp, position = (ci.index - k) * rw + k + m * pp;
        if (position / slice != static_cast<std::size_t>(s)) return false;
      }
    }
  for (std::size_t q = 0; q < e.values / rr; ++q)
    for (std::size_t m = 0; m < rr; ++m) {
      long s = readSliceFormula(q, m, rr, e);
      if (s < 0 || static_cast<std::size_t>(s) >= e.rounds) return false;
      ++reads[static_cast<std::size_t>(s)];
      for (std::size_t t = 0; t < e.group; ++t) {
        LaneIndex ci = butterflyOf(t + q * e.group, rr, e, readFast);
        if ((ci.index + m * (e.points / rr)) / slice != static_cast<std::size_t>(s)) return false;
      }
    }
  // Balanced rounds: what a round frees, it fills, so registers never hold more than V + V/X.
  for (std::size_t x = 0; x < e.rounds; ++x)
    if (writes[x] != perRound || reads[x] != perRound) return false;
  return true;
}

// A cheap necessary condition on the writer of each exchange, before the exhaustive check.
bool writersPlausible(const std::vector<int>& radices, const RegisterExchange& e) {
  const std::size_t t = e.group / e.lanes;
  std::size_t pp = 1;
  for (std::size_t i = 0; i + 1 < radices.size(); ++i) {
    const std::size_t r = static_cast<std::size_t>(radices[i]);
    const bool high = t % pp == 0 && (e.values / r) % e.rounds == 0;
    const bool low = pp % t == 0 && ((e.points / (r * pp)) * r) % e.rounds == 0;
    if (!high && !low) return false;
    pp *= r;
  }
  return true;
}

// Radix sequences of product `rest` from `radices` (largest first), `slots` passes at most.
void sequences(std::size_t rest, std::size_t slots, const std::vector<int>& radices, std::vector<int>& current,
               std::vector<std::vector<int>>& out) {
  if (rest == 1) {
    if (!current.empty()) out.push_back(current);
    return;
  }
  if (slots == 0) return;
  for (int r : radices)
    if (rest % static_cast<std::size_t>(r) == 0) {
      current.push_back(r);
      sequences(rest / static_cast<std::size_t>(r), slots - 1, radices, current, out);
      current.pop_back();
    }
}

// The radices a held step of `points` and `values` a work-item may take, largest first: those
// dividing both that the kernel has a DFT for (dft in kernels/common.cl), up to 16 unless wide.
std::vector<int> heldRadices(std::size_t points, std::size_t values, bool wide) {
  std::vector<int> radices;
  for (int r = 64; r >= 2; --r) {
    const std::size_t u = static_cast<std::size_t>(r);
    const bool kernelHas = (isPowerOfTwo(u) || (r % 2 == 1 && r <= 31) || isCompositeRadix(r));
    if (kernelHas && (wide || r <= 16) && points % u == 0 && values % u == 0) radices.push_back(r);
  }
  return radices;
}

// The odd part of n.
std::size_t oddPart(std::size_t n) {
  while (n % 2 == 0) n /= 2;
  return n;
}

// Sequences with the smallest largest radix first, and among those the ones that end with it: on
// the H200 6144 f32 points by components took 0.093 ms as 8 8 8 12, 0.096-0.101 as 24 8 8 4,
// 12 8 8 8, 8 8 12 8, 4 8 8 24 or 8 8 4 24, and 10240 points 0.130-0.135 as 8 8 8 20, 0.138-0.140
// as 20 8 8 8 or 40 8 8 4 (docs/performance.md). Stable, so the order of sequences() decides the
// rest.
void balancedFirst(std::vector<std::vector<int>>& candidates) {
  auto key = [](const std::vector<int>& radices) {
    const int largest = *std::max_element(radices.begin(), radices.end());
    return std::pair{largest, radices.back() == largest ? 0 : 1};
  };
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](const std::vector<int>& a, const std::vector<int>& b) { return key(a) < key(b); });
}

// Whether an f32 step of one lane (a whole row, by default) with an odd factor goes through local
// memory a component at a time (kernels/grouped_io.cl, COMPONENT_EXCHANGE): no slice formulas to
// satisfy, so fewer values a work-item. Where one component of the row fits local memory beside
// what the compiler keeps of it, in whole runs of 32 (the kernel skews positions within them): on
// the H200 6144 points took 0.67 of the two-pass time and 10240 points 0.87 (0.95 of slices);
// 12288 points fill 48 KiB to the byte, which NVIDIA's compiler does not leave
// (docs/performance.md).
bool componentsFit(std::size_t points, std::size_t lanes, Precision precision, const DeviceLimits& limits) {
  return limits.componentExchange && precision == Precision::F32 && lanes == 1 && oddPart(points) > 1 &&
         points % 32 == 0 && points * sizeof(float) + kCompilerLocalBytes <= limits.localMemBytes;
}

// What the kernel assumes of a component exchange, which slices check in their own way: every
// work-item holds the same values, which every radix divides, and the radices make the row.
bool componentsExact(const RegisterExchange& e) {
  if (e.radices.size() < 2 || e.group == 0 || e.lanes * e.points != e.group * e.values ||
      productOf(e.radices) != e.points)
    return false;
  return std::all_of(e.radices.begin(), e.radices.end(),
                     [&](int r) { return r >= 2 && e.values % static_cast<std::size_t>(r) == 0; });
}

// The product of n's distinct prime factors.
std::size_t radicalOf(std::size_t n) {
  std::size_t product = 1;
  for (std::size_t f = 2; f * f <= n; ++f)
    if (n % f == 0) {
      product *= f;
      while (n % f == 0) n /= f;
    }
  return n > 1 ? product * n : product;
}

}  // namespace

bool exchangeSlicesExact(const RegisterExchange& e) {
  if (e.radices.size() < 2 || e.rounds < 2 || e.lanes == 0 || e.group == 0 || e.group % e.lanes != 0 ||
      e.points % e.rounds != 0 || e.values % e.rounds != 0)
    return false;
  for (int r : e.radices)
    if (r < 2 || e.values % static_cast<std::size_t>(r) != 0) return false;
  if (productOf(e.radices) != e.points || e.lanes * e.points != e.group * e.values) return false;
  std::size_t pp = 1;
  for (std::size_t pass = 0; pass + 1 < e.radices.size(); ++pass) {
    if (!exchangeExact(e, pass, pp)) return false;
    pp *= static_cast<std::size_t>(e.radices[pass]);
  }
  return true;
}

namespace {

// The register-held step holding `values` a work-item, with the radices `named` where not null,
// or none.
std::optional<GroupedStep> heldStepOf(std::size_t values, std::size_t points, std::size_t lanes, bool readLaneFast,
                                      bool writeLaneFast, Precision precision, const DeviceLimits& limits,
                                      const std::vector<int>* named) {
  if (points < 2 * values) return std::nullopt;
  const std::size_t maxGroup =
      std::min<std::size_t>(limits.maxWorkGroupSize, limits.registerFile / registersPerItem(values, precision, limits.registerCap));
  RegisterExchange e;
  e.points = points;
  e.lanes = lanes;
  e.values = values;
  e.group = lanes * points / values;
  e.readLaneFast = readLaneFast;
  e.writeLaneFast = writeLaneFast;
  if (e.group > maxGroup || e.group < kMinGroup) return std::nullopt;
  // A capped build must hold the values within the largest cap (64 f64 values would need 288); a
  // row with an odd factor holds them within a work-item's most registers either way, so that an
  // uncapped build does not spill them.
  if (limits.registerCap && registersPerItem(values, precision, true) > kMostRegisters) return std::nullopt;
  if (!isPowerOfTwo(points) && registersPerItem(values, precision, limits.registerCap) > kMostRegisters)
    return std::nullopt;
  const bool components = componentsFit(points, lanes, precision, limits) && values <= kMostComponentValues;
  e.rounds = 2;
  while (!components && e.rounds <= kMaxRounds &&
         groupedLocalBytes(points / e.rounds, lanes, precision) > limits.localMemBytes)
    e.rounds *= 2;
  if (e.rounds > kMaxRounds || e.rounds > values) return std::nullopt;

  for (std::size_t passes = 2; passes <= kMaxInnerPasses; ++passes) {
    std::vector<std::vector<int>> candidates;
    std::vector<int> current;
    if (named)
      candidates.push_back(*named);
    else
      sequences(points, passes, heldRadices(points, values, limits.wideRadices), current, candidates);
    if (components) balancedFirst(candidates);
    for (const auto& radices : candidates) {
      if (radices.size() != passes) continue;
      if (!components && !writersPlausible(radices, e)) continue;
      e.radices = radices;
      if (components ? !componentsExact(e) : !exchangeSlicesExact(e)) continue;
      GroupedStep step;
      step.radices = radices;
      step.points = points;
      step.lanes = lanes;
      step.group = e.group;
      step.values = values;
      step.rounds = e.rounds;
      step.components = components;
      return step;
    }
  }
  return std::nullopt;
}

// Values a work-item may hold: 16, 32 or 64 (or the one asked for); a row with an odd factor
// (one lane) holds 8, 16, 32 or 64 (or the one asked for) times its odd primes, or times its
// whole odd part, so that radices with those factors divide them: 24, 48, 96 or 192 for 12288.
// An f32 row held by components alone (FFTSCOPE_ODD_REGISTER_PASSES unasked) keeps to their
// 64 values: more would go to slices, which f32 rows take by measurement only.
std::vector<std::size_t> valueCounts(std::size_t points, std::size_t lanes, Precision precision,
                                     const DeviceLimits& limits) {
  const std::size_t odd = oddPart(points);
  if (odd == 1)
    return limits.registerValues ? std::vector<std::size_t>{limits.registerValues} : std::vector<std::size_t>{16, 32, 64};
  if (!limits.oddRegisterPasses || lanes != 1) return {};
  // f32 rows by slices only where asked (FFTSCOPE_ODD_REGISTER_PASSES=f32, or a measurement's
  // candidate); by components always.
  const bool componentsOnly = precision == Precision::F32 && !limits.oddRegisterPassesF32;
  if (componentsOnly && !componentsFit(points, lanes, precision, limits)) return {};
  const std::vector<std::size_t> bases =
      limits.registerValues ? std::vector<std::size_t>{limits.registerValues} : std::vector<std::size_t>{8, 16, 32, 64};
  std::vector<std::size_t> counts;
  for (std::size_t d : {radicalOf(odd), odd})
    for (std::size_t base : bases)
      if (!componentsOnly || base * d <= kMostComponentValues) counts.push_back(base * d);
  std::sort(counts.begin(), counts.end());
  counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
  return counts;
}

}  // namespace

std::optional<GroupedStep> registerHeldStep(std::size_t points, std::size_t lanes, bool readLaneFast,
                                            bool writeLaneFast, Precision precision, const DeviceLimits& limits) {
  if (!limits.registerPasses) return std::nullopt;
  const std::vector<std::size_t> counts = valueCounts(points, lanes, precision, limits);
  // A sequence asked for by name (FFTSCOPE_INNER_RADICES), to time it: with the fewest values it
  // holds for.
  const std::vector<int>& asked = limits.innerRadices;
  if (!asked.empty() && productOf(asked) == points)
    for (std::size_t values : counts)
      if (auto step = heldStepOf(values, points, lanes, readLaneFast, writeLaneFast, precision, limits, &asked)) return step;
  // More values a work-item only where they take fewer inner passes (larger radices between the
  // exchanges): each exchange through local memory saved outweighs the registers they take;
  // where they take as many passes, fewer values leave more work-items to hide latency
  // (docs/engine.md).
  // Exchanges a component at a time take the fewest values: on the H200 6144 f32 points as 256
  // work-items of 24 values took 0.83 of the time of 128 of 48 with one exchange fewer, 0.98 with
  // the exchanges laid out, where 9216 as 192 of 48 took 0.80 of 384 of 24 (docs/performance.md;
  // the candidate "auto values=16" holds 48).
  std::optional<GroupedStep> best;
  for (std::size_t values : counts)
    if (auto step = heldStepOf(values, points, lanes, readLaneFast, writeLaneFast, precision, limits, nullptr)) {
      if (step->components) return step;
      if (!best || step->radices.size() < best->radices.size()) best = step;
    }
  return best;
}

std::size_t registerCapFor(std::size_t groupItems, const DeviceLimits& limits) {
  // NVIDIA's compiler takes a cap from 16 to 255 registers.
  if (limits.registerCapOverride) return limits.registerCapOverride;
  return std::clamp<std::size_t>(limits.registerFile / std::max<std::size_t>(groupItems, 1), 16, kMostRegisters);
}

}  // namespace fftscope
