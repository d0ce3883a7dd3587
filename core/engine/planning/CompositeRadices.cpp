#include "engine/planning/CompositeRadices.h"

#include "engine/description/PlanDescription.h"
#include "engine/planning/PassPlan.h"

#include <algorithm>
#include <cstdlib>
#include <functional>

namespace fftscope {
namespace {

constexpr std::size_t kMaxInnerPasses = 6;  // R0 .. R5 in kernels/grouped_fft.cl

bool isOddKernelFactor(int f) { return f == 3 || f == 5 || f == 7 || f == 9 || f == 11 || f == 13; }

// Cuts of 2^twos into radices of 2^1 .. 2^4, largest first, of at most kMaxInnerPasses radices
// (which also bounds the search where a device's limits let a step hold very long rows).
void powerCuts(std::size_t twos, int largestLog, std::vector<int>& current, std::vector<std::vector<int>>& out) {
  if (twos == 0) {
    out.push_back(current);
    return;
  }
  if (current.size() == kMaxInnerPasses) return;
  for (int log = std::min<int>(largestLog, static_cast<int>(twos)); log >= 1; --log) {
    current.push_back(1 << log);
    powerCuts(twos - static_cast<std::size_t>(log), log, current, out);
    current.pop_back();
  }
}

}  // namespace

StepFactors stepFactors(const std::vector<std::size_t>& factors) {
  StepFactors split;
  std::size_t threes = 0;
  for (std::size_t f : factors) {
    if (f == 2)
      ++split.twos;
    else if (f == 3)
      ++threes;
    else
      split.odd.push_back(static_cast<int>(f));
  }
  for (; threes >= 2; threes -= 2) split.odd.push_back(9);
  if (threes) split.odd.push_back(3);
  return split;
}

bool isCompositeRadix(int radix) {
  for (int a = 2; a <= 16; a *= 2)
    if (radix % a == 0 && isOddKernelFactor(radix / a) && radix <= static_cast<int>(kLargestCompositeRadix)) return true;
  return false;
}

std::size_t innerPassCost(const std::vector<int>& radices, std::size_t lanes, std::size_t group,
                          std::size_t passValues) {
  std::size_t points = 1;
  for (int r : radices) points *= static_cast<std::size_t>(r);
  std::size_t cost = 0;
  for (int r : radices) {
    const std::size_t butterflies = lanes * points / static_cast<std::size_t>(r);
    cost += (butterflies + group - 1) / group * static_cast<std::size_t>(r) + passValues;
  }
  return cost;
}

InnerChoice cheapestGroup(const std::vector<int>& radices, std::size_t lanes, std::size_t maxItems,
                          std::size_t passValues) {
  std::size_t points = 1;
  for (int r : radices) points *= static_cast<std::size_t>(r);
  InnerChoice best{radices, 0};
  std::size_t bestCost = 0;
  for (int r : radices) {
    const std::size_t group = std::min(lanes * points / static_cast<std::size_t>(r), maxItems);
    const std::size_t cost = innerPassCost(radices, lanes, group, passValues);
    if (best.group == 0 || cost < bestCost || (cost == bestCost && group > best.group)) {  // ties: more work-items
      best.group = group;
      bestCost = cost;
    }
  }
  return best;
}

std::optional<InnerChoice> compositeInnerRadices(const std::vector<std::size_t>& factors, std::size_t lanes,
                                                 std::size_t maxItems, const DeviceLimits& limits) {
  const std::size_t largest = std::min(limits.compositeRadix, kLargestCompositeRadix);
  if (largest == 0 || maxItems == 0) return std::nullopt;
  const StepFactors split = stepFactors(factors);
  const std::vector<int>& odd = split.odd;
  // Each odd factor takes a pass of its own or joins one power of two: more than the kernel's
  // passes cannot be cut this way.
  if (odd.size() > kMaxInnerPasses) return std::nullopt;

  std::vector<std::vector<int>> cuts;
  std::vector<int> current;
  powerCuts(split.twos, 4, current, cuts);
  std::optional<InnerChoice> best;
  std::size_t bestCost = 0;
  auto consider = [&](const std::vector<int>& radices) {
    if (radices.empty() || radices.size() > kMaxInnerPasses) return;
    const InnerChoice choice = cheapestGroup(radices, lanes, maxItems, limits.innerPassValues);
    const std::size_t cost = innerPassCost(radices, lanes, choice.group, limits.innerPassValues);
    if (!best || cost < bestCost || (cost == bestCost && radices.size() < best->radices.size())) {
      best = choice;
      bestCost = cost;
    }
  };
  // Each odd factor joins one power of two (index) or stays alone (-1).
  for (const std::vector<int>& cut : cuts) {
    std::vector<int> partnerOf(odd.size(), -1);
    std::function<void(std::size_t, std::size_t)> assign = [&](std::size_t i, std::size_t passes) {
      if (passes > kMaxInnerPasses) return;
      if (i == odd.size()) {
        std::vector<int> radices = cut, alone;
        for (std::size_t j = 0; j < odd.size(); ++j)
          if (partnerOf[j] < 0)
            alone.push_back(odd[j]);
          else
            radices[static_cast<std::size_t>(partnerOf[j])] *= odd[j];
        std::sort(alone.begin(), alone.end());
        radices.insert(radices.end(), alone.begin(), alone.end());
        consider(radices);
        return;
      }
      assign(i + 1, passes + 1);
      if (!isOddKernelFactor(odd[i])) return;
      for (std::size_t c = 0; c < cut.size(); ++c) {
        const bool taken = std::find(partnerOf.begin(), partnerOf.begin() + static_cast<long>(i),
                                     static_cast<int>(c)) != partnerOf.begin() + static_cast<long>(i);
        if (taken || static_cast<std::size_t>(cut[c] * odd[i]) > largest) continue;
        partnerOf[i] = static_cast<int>(c);
        assign(i + 1, passes);
        partnerOf[i] = -1;
      }
    };
    assign(0, cut.size());
  }
  return best;
}

std::vector<int> parseInnerRadices(const char* text) {
  std::vector<int> radices;
  const char* at = text;
  while (at && *at) {
    char* end = nullptr;
    const long r = std::strtol(at, &end, 10);
    const bool inRange = r >= 2 && r <= static_cast<long>(kLargestCompositeRadix);
    const bool known = inRange && ((isPowerOfTwo(static_cast<std::size_t>(r)) && r <= 64) || (r % 2 == 1 && r <= 31) ||
                                   isCompositeRadix(static_cast<int>(r)));
    const bool separated = *end == '\0' || (*end == ',' && end[1] != '\0');
    if (end == at || !known || radices.size() == kMaxInnerPasses || !separated) return {};
    radices.push_back(static_cast<int>(r));
    at = *end == ',' ? end + 1 : end;
  }
  return radices;
}

}  // namespace fftscope
