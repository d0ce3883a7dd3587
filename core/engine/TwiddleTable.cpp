#include "engine/TwiddleTable.h"

#include "engine/GroupedPlanner.h"

#include <cmath>
#include <stdexcept>

namespace fftscope {
namespace {

template <typename T>
void appendPass(std::vector<std::complex<T>>& table, int radix, std::size_t p, Direction direction) {
  const long double sign = direction == Direction::Forward ? -1.0L : 1.0L;
  const long double twoPi = 6.283185307179586476925286766559005768L;
  const long double span = static_cast<long double>(radix) * static_cast<long double>(p);
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
    if (pass.tailRadix > 1) appendPass(table, pass.tailRadix, p, direction);
  } else if (pass.kind == PassKind::Grouped) {
    // w(e, F) for the inner passes, then w(e, F*p) split as lo[e mod L] * hi[e / L].
    const long double sign = direction == Direction::Forward ? -1.0L : 1.0L;
    const long double twoPi = 6.283185307179586476925286766559005768L;
    auto push = [&](std::size_t e, std::size_t n) {
      long double angle = twoPi * static_cast<long double>(e) / static_cast<long double>(n);
      table.emplace_back(static_cast<T>(std::cos(angle)), static_cast<T>(sign * std::sin(angle)));
    };
    for (std::size_t e = 0; e < pass.span; ++e) push(e, pass.span);
    const std::size_t n = pass.span * pass.p;
    if (pass.p > 1) {
      const std::size_t lo = std::size_t{1} << groupedSplitLog2(n);
      for (std::size_t e = 0; e < lo; ++e) push(e, n);
      for (std::size_t e = 0; e * lo < n; ++e) push(e * lo, n);
    }
  } else {
    throw std::logic_error("no twiddle table for a " + pass.kernelName() + " pass");
  }
  return table;
}

}  // namespace

std::vector<std::complex<float>> passTwiddlesF32(const PassInfo& pass, Direction d) { return makeTable<float>(pass, d); }
std::vector<std::complex<double>> passTwiddlesF64(const PassInfo& pass, Direction d) { return makeTable<double>(pass, d); }

}  // namespace fftscope
