// Composite inner radices: a power of two and an odd factor joined into one inner pass of a grouped
// step, done by the prime factor algorithm (dft_pfa in kernels/common.cl), so that 1920 points
// take three trips through local memory (16 12 10) instead of four (16 8 3 5).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace fftscope {

struct DeviceLimits;

// The radix sequence of a step and the work-items a group it is taken with.
struct InnerChoice {
  std::vector<int> radices;
  std::size_t group = 0;
};

// A step's prime factors as the kernel's radices take them: the exponent of its power of two, and
// its odd factors with threes in pairs as nines (and one three left over where they are odd).
struct StepFactors {
  std::size_t twos = 0;
  std::vector<int> odd;
};
StepFactors stepFactors(const std::vector<std::size_t>& factors);

// The largest composite radix the kernel has a prime factor DFT for, and the odd factors it joins.
constexpr std::size_t kLargestCompositeRadix = 64;
bool isCompositeRadix(int radix);

// What a work-item of a step goes through: every inner pass's values, counted whole rounds (an
// idle butterfly in a round costs as a busy one), plus passValues for each pass's trip through
// local memory and its barrier.
std::size_t innerPassCost(const std::vector<int>& radices, std::size_t lanes, std::size_t group,
                          std::size_t passValues);

// Of the groups of up to maxItems work-items that take one butterfly of one of the radices, the
// cheapest by innerPassCost (ties: more work-items).
InnerChoice cheapestGroup(const std::vector<int>& radices, std::size_t lanes, std::size_t maxItems,
                          std::size_t passValues);

// Of every way to cut the step's prime factors into radices 2, 4, 8, 16, each joined to at most one
// odd factor (threes in pairs as nines) within limits.compositeRadix, or left alone, and of the
// groups of up to maxItems work-items that take one butterfly of one of its radices, the cheapest
// by innerPassCost; none where limits.compositeRadix is 0.
std::optional<InnerChoice> compositeInnerRadices(const std::vector<std::size_t>& factors, std::size_t lanes,
                                                 std::size_t maxItems, const DeviceLimits& limits);

// "20,20,10" as radices, or none where an entry is no radix the kernel has (a power of two up to
// 16, an odd number from 3 to 31, a composite radix) or there are more than six.
std::vector<int> parseInnerRadices(const char* text);

}  // namespace fftscope
