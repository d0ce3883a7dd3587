#include "engine/planning/StagePlanner.h"

#include "engine/algorithms/Rader.h"
#include "engine/planning/BluesteinLength.h"
#include "engine/planning/PassPlan.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace fftscope {
namespace {

constexpr double kLaunchCost = 0.05;      // a launch, in passes over the data
constexpr double kPowerOfTwoRadix = 16;   // what the planner's own global passes use
// The power-of-two points a typical GPU's local memory takes in one pass (32 KiB of f32, or
// f64 in 48 KiB): the device-free estimate counts that much as one pass.
constexpr std::size_t kNominalLocalPoints = 2048;

// A pass kind of the table: whether it applies to a factor and what one pass of it costs.
struct PassKindCost {
  const char* name;
  bool (*applies)(int radix);
  double (*cost)(int radix);
};

bool isPrime(std::size_t n) {
  if (n < 2) return false;
  for (std::size_t f = 2; f * f <= n; ++f)
    if (n % f == 0) return false;
  return true;
}

const PassKindCost kPassKinds[] = {
    // Butterflies of 2, 4, 8, 16: bound by memory.
    {"stockham power of two", [](int r) { return r == 2 || r == 4 || r == 8 || r == 16; },
     [](int) { return 1.0 + kLaunchCost; }},
    // 3 .. 13: a paired DFT with written-out constants, about as much arithmetic a point as r16.
    {"stockham odd radix", [](int r) { return r >= 3 && r <= 13 && isPrime(r); },
     [](int) { return 1.0 + kLaunchCost; }},
    // 17 .. 31: the same DFT with computed constants; its arithmetic grows with the radix.
    {"stockham direct prime", [](int r) { return r > 13 && r <= kLargestDirectPrime && isPrime(r); },
     [](int r) { return 1.0 + kLaunchCost + r / 16.0; }},
};

const PassKindCost* kindFor(int radix) {
  for (const PassKindCost& kind : kPassKinds)
    if (kind.applies(radix)) return &kind;
  return nullptr;
}

std::size_t powerOfTwoPart(std::size_t n) { return n & (~n + 1); }

int log2Exact(std::size_t n) {
  int l = 0;
  while ((std::size_t{1} << l) < n) ++l;
  return l;
}

// Splits 2^a into passes of `radix`, a smaller radix last (the long-standing r2..r16 plans).
void appendPowerOfTwo(std::vector<int>& list, std::size_t n, int radix) {
  while (n >= static_cast<std::size_t>(radix)) {
    list.push_back(radix);
    n /= radix;
  }
  if (n > 1) list.push_back(static_cast<int>(n));
}

// The odd prime factors of n in ascending order, or false when one exceeds the direct limit.
bool oddFactors(std::size_t n, std::vector<int>& factors) {
  n /= powerOfTwoPart(n);
  for (std::size_t f = 3; f * f <= n; f += 2)
    while (n % f == 0) {
      if (f > static_cast<std::size_t>(kLargestDirectPrime)) return false;
      factors.push_back(static_cast<int>(f));
      n /= f;
    }
  if (n > 1) {
    if (n > static_cast<std::size_t>(kLargestDirectPrime)) return false;
    factors.push_back(static_cast<int>(n));
  }
  return true;
}

double passesCost(const std::vector<int>& radices) {
  double cost = 0;
  for (int r : radices) cost += kindFor(r)->cost(r);
  return cost;
}

// The direct cost without local memory: the same on every device, so that the choice between
// direct and Bluestein (and with it the accuracy gate) does not depend on the device.
double deviceFreeDirectCost(std::size_t n) {
  std::vector<int> list;
  std::size_t twos = powerOfTwoPart(n);
  double cost = 0;
  if (twos >= 2) {
    std::size_t local = std::min(twos, kNominalLocalPoints);
    cost += 1.0 + kLaunchCost;
    twos /= local;
  }
  appendPowerOfTwo(list, twos, static_cast<int>(kPowerOfTwoRadix));
  oddFactors(n, list);
  return cost + passesCost(list);
}

// The smallest 2^a 3^b 5^c 7^d >= n.
std::size_t smoothAtLeast(std::size_t n) {
  std::size_t best = std::size_t{1} << log2Exact(n);
  for (std::size_t a = 1; a < 2 * best; a *= 2)
    for (std::size_t b = a; b < 2 * best; b *= 3)
      for (std::size_t c = b; c < 2 * best; c *= 5)
        for (std::size_t e = c; e < 2 * best; e *= 7)
          if (e >= n) best = std::min(best, e);
  return best;
}

std::string radixText(const DirectFactors& f) {
  std::ostringstream out;
  if (f.localPoints) out << "local " << f.localPoints;
  for (int r : f.radices) out << (out.tellp() > 0 ? " " : "") << "r" << r;
  return out.str();
}

}  // namespace

double passKindCost(int radix) {
  const PassKindCost* kind = kindFor(radix);
  return kind ? kind->cost(radix) : 0.0;
}

double launchCost() { return kLaunchCost; }

const std::vector<int>& oddRadices() {
  static const std::vector<int> radices{3, 5, 7, 11, 13};
  return radices;
}

std::string factorText(std::size_t n) {
  std::ostringstream out;
  for (std::size_t f = 2; f * f <= n; ++f) {
    int power = 0;
    while (n % f == 0) {
      n /= f;
      ++power;
    }
    if (power > 0) {
      out << (out.tellp() > 0 ? "*" : "") << f;
      if (power > 1) out << "^" << power;
    }
  }
  if (n > 1 || out.tellp() == 0) out << (out.tellp() > 0 ? "*" : "") << n;
  return out.str();
}

bool directApplies(std::size_t n) {
  std::vector<int> unused;
  return oddFactors(n, unused);
}

DirectFactors directFactors(std::size_t n, const PlanDescription& d, const DeviceLimits& limits) {
  DirectFactors f;
  std::size_t twos = powerOfTwoPart(n);
  int radix = radixOf(d.variant);
  if (d.variant == Variant::Local || d.variant == Variant::Auto) {
    // local_fft takes the power-of-two part, as far as local memory goes; r16 passes the rest.
    std::size_t m = std::min(twos, largestLocalPoints(d.precision, limits));
    if (m >= 2) {
      f.localPoints = m;
      f.cost = 1.0 + kLaunchCost;
      twos /= m;
    }
    radix = static_cast<int>(kPowerOfTwoRadix);
  }
  appendPowerOfTwo(f.radices, twos, radix);
  oddFactors(n, f.radices);
  f.cost += passesCost(f.radices);
  return f;
}

StageChoice chooseStage(std::size_t n, const PlanDescription& d, const DeviceLimits& limits, std::size_t rows,
                        bool columns) {
  StageChoice choice;
  choice.length = n;
  std::ostringstream why;
  why << n << " = " << factorText(n) << ": ";

  // Direct or Bluestein, decided without the device: chirp in (n read, M written), FFT of M,
  // product with the filter's spectrum, FFT of M, chirp out (M read, n written); M the cheaper of
  // the next power of two and the next 7-smooth length at or above 2n - 1.
  double bluesteinCost = 0;
  for (std::size_t m : {std::size_t{1} << log2Exact(2 * n - 1), smoothAtLeast(2 * n - 1)}) {
    double ratio = static_cast<double>(m) / static_cast<double>(n);
    double cost = ratio * (2 * deviceFreeDirectCost(m) + 1.5) + (1 + ratio) + 3 * kLaunchCost;
    if (bluesteinCost == 0 || cost < bluesteinCost) bluesteinCost = cost;
  }

  if (directApplies(n) && deviceFreeDirectCost(n) <= bluesteinCost) {
    choice.factors = directFactors(n, d, limits);
    choice.cost = choice.factors.cost;
    // Grouped plans cut the length by their own rule (GroupedPlanner): the passes listed name it.
    if (fusesBluestein(d, limits))
      why << "Stockham in grouped passes, as listed";
    else
      why << "Stockham " << radixText(choice.factors);
    why << " (cost " << deviceFreeDirectCost(n) << " passes; Bluestein " << bluesteinCost << ")";
  } else {
    // The convolution length by what this device's passes would move.
    const ConvolutionLength length = chooseConvolutionLength(n, rows, d, limits, columns);
    const ConvolutionCost& chosen = length.chosen;
    const double perPoint = static_cast<double>(n);
    choice.bluestein = true;
    choice.padded = chosen.padded;
    choice.fused = chosen.fused;
    choice.rader = chosen.rader;
    choice.splitCols = chosen.splitCols;
    choice.factors = directFactors(choice.padded, d, limits);
    choice.cost = bluesteinCost;
    if (chosen.rader)
      why << "Rader over n - 1 = " << choice.padded << " = " << factorText(choice.padded) << " (g = " << primitiveRoot(n)
          << "), ";
    else
      why << "Bluestein over M = " << choice.padded << " = " << factorText(choice.padded) << ", ";
    if (chosen.splitCols) {
      why << "as " << choice.padded / chosen.splitCols << " rows of " << chosen.splitCols
          << ": its columns with the chirp in their loads, its rows with both FFTs and the filter in one launch, "
             "its columns with the chirp in their stores";
    } else if (chosen.fused) {
      why << "grouped passes of";
      for (std::size_t points : chosen.passPoints) why << " " << points;
      why << " each way with the " << (!chosen.rader ? "chirps" : chosen.permutePass ? "gather" : "gather, the scatter")
          << " and the filter in their loads and stores";
      if (chosen.permutePass) why << ", X put in order by a pass of its own";
      if (chosen.fftsMeet) why << ", the FFTs meeting in one launch";
    } else {
      why << radixText(choice.factors) << " each way between chirp and filter passes";
    }
    why << ", " << chosen.launches << " launches, about " << std::fixed << std::setprecision(1)
        << chosen.points / perPoint << " points moved a point: ";
    if (length.forced)
      why << "M as given (a measured candidate or FFTSCOPE_BLUESTEIN_M)";
    else
      why << (chosen.rader ? "less than" : "the least of") << " " << length.candidates << " 13-smooth M >= 2n - 1";
    if (length.powerOfTwo.padded != chosen.padded)
      why << " (M = " << length.powerOfTwo.padded << ": " << length.powerOfTwo.points / perPoint << ")";
    why.unsetf(std::ios::fixed);
    why << std::setprecision(6) << "; ";
    if (directApplies(n))
      why << "cost " << bluesteinCost << " passes, direct " << deviceFreeDirectCost(n);
    else
      why << "no direct pass for a prime factor above " << kLargestDirectPrime;
  }
  choice.reason = why.str();
  return choice;
}

std::vector<std::string> stageReasons(const PlanDescription& d, const DeviceLimits& limits) {
  std::vector<std::string> lines;
  auto axis = [&](std::size_t n, std::size_t rows, const char* name, bool columns) {
    lines.push_back(std::string(name) + " " + (n > 1 ? chooseStage(n, d, limits, rows, columns).reason : "1: a copy"));
  };
  if (d.dimensions == 2 && d.rows > 1 && d.cols > 1) {
    axis(d.cols, d.batch * d.rows, "rows of", false);
    axis(d.rows, d.batch * d.cols, "columns of", columnsInPlace(d, limits));
  } else {
    axis(d.points(), d.batch, "length", false);
  }
  return lines;
}

bool usesBluestein(const PlanDescription& d) {
  DeviceLimits limits;
  auto axis = [&](std::size_t n) { return n > 1 && chooseStage(n, d, limits).bluestein; };
  return axis(d.cols) || (d.dimensions == 2 && axis(d.rows));
}

}  // namespace fftscope
