#include "engine/runtime/TwiddleTable.h"

#include "engine/planning/GroupedPlanner.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace fftscope {
namespace {

// w(m*k, radix*p) for m = 1 .. radix-1, k < p (or w(m*k, n) for another n).
template <typename T>
void appendPass(std::vector<std::complex<T>>& table, int radix, std::size_t p, Direction direction, std::size_t n = 0) {
  const long double sign = direction == Direction::Forward ? -1.0L : 1.0L;
  const long double twoPi = 6.283185307179586476925286766559005768L;
  const long double span = n ? static_cast<long double>(n) : static_cast<long double>(radix) * static_cast<long double>(p);
  for (int m = 1; m < radix; ++m)
    for (std::size_t k = 0; k < p; ++k) {
      long double angle = twoPi * static_cast<long double>(static_cast<std::size_t>(m) * k) / span;
      table.emplace_back(static_cast<T>(std::cos(angle)), static_cast<T>(sign * std::sin(angle)));
    }
}

template <typename T>
std::vector<std::complex<T>> makeTable(const PassInfo& pass, Direction direction) {
  std::vector<std::complex<T>> table;
  if (pass.kind == PassKind::Stockham) {
    appendPass(table, pass.radix, pass.p, direction);
  } else if (pass.kind == PassKind::Local) {
    // The kernel's passes: radix R while p * R <= M, then the tail radix (see local_fft.cl).
    std::size_t p = 1;
    for (; p * pass.radix <= pass.span; p *= pass.radix) appendPass(table, pass.radix, p, direction);
    if (pass.localFft.tailRadix > 1) appendPass(table, pass.localFft.tailRadix, p, direction);
  } else if (pass.kind == PassKind::Grouped) {
    const GroupedTableLayout layout = groupedTableLayout(pass);
    std::size_t pp = static_cast<std::size_t>(pass.grouped.innerRadices[0]);
    for (std::size_t i = 1; i < pass.grouped.innerRadices.size(); ++i) {
      appendPass(table, pass.grouped.innerRadices[i], pp, direction);
      pp *= static_cast<std::size_t>(pass.grouped.innerRadices[i]);
    }
    const std::size_t n = std::max<std::size_t>(groupedOuterLength(pass), 1);
    auto push = [&](std::size_t e) {
      const long double sign = direction == Direction::Forward ? -1.0L : 1.0L;
      long double angle = 6.283185307179586476925286766559005768L * static_cast<long double>(e % n) / static_cast<long double>(n);
      table.emplace_back(static_cast<T>(std::cos(angle)), static_cast<T>(sign * std::sin(angle)));
    };
    for (std::size_t e = 0; e < layout.lo; ++e) push(e);
    for (std::size_t e = 0; e < layout.hi; ++e) push(e * layout.lo);
    if (layout.split == 1)
      for (std::size_t f = 0; f < pass.span; ++f)
        for (std::size_t c = 0; c < pass.grouped.lanes; ++c) push(f * c);
    if (pass.grouped.half.untangleOut || pass.grouped.half.tangleIn) appendPass(table, 2, pass.span + 1, direction, 2 * pass.span);
    if (table.empty()) table.emplace_back(T(1), T(0));  // a buffer of one entry rather than none
  } else {
    throw std::logic_error("no twiddle table for a " + pass.kernelName() + " pass");
  }
  return table;
}

}  // namespace

std::vector<std::complex<float>> passTwiddlesF32(const PassInfo& pass, Direction d) { return makeTable<float>(pass, d); }
std::vector<std::complex<double>> passTwiddlesF64(const PassInfo& pass, Direction d) { return makeTable<double>(pass, d); }

}  // namespace fftscope
