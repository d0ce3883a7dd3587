// Where a grouped pass puts its points in local memory between inner passes (kernels/grouped_exchange.cl,
// AFFINE_EXCHANGES). Exchange e sits between inner passes e-1 and e: the butterflies of pass e-1
// (radix Rw after passes of product pp) write positions j + m*pp, those of pass e (radix Rr) read
// positions i + m*S, S = F/Rr, m < R. Neighbouring work-items' accesses that fall into one of the
// 32 banks (4 bytes each) at different addresses take turns, so positions are spread with gaps.
//
// Padding every position on its own (LPAD, CSKEW) costs an address computation for each access:
// on the H200 leaving it out made a 1000-point row 6% faster though it conflicted more, and
// component rows with fewer registers up to 16% faster. A layout that leaves `gap` positions
// empty after every `every` keeps a butterfly's positions evenly spaced where `every` divides
// both strides (pp and S), or where a butterfly's writes stay within one run of `every` (pp*Rw
// divides it): the kernel lays out one position a butterfly and adds a constant step. The planner
// picks, for each exchange, the layout among those with the fewest turns by the model below.
// Plain data: no device needed.
#pragma once

#include "engine/description/DeviceLimits.h"
#include "engine/description/FftTypes.h"
#include "engine/description/PassInfo.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace fftscope {

// A grouped pass's exchanges as the kernel makes them.
struct ExchangeShape {
  std::size_t points = 0;       // F
  std::size_t lanes = 1;        // C
  std::size_t group = 0;        // G work-items
  std::vector<int> radices;     // the inner passes
  bool readLaneFast = false;    // READ_LANE_FAST: the first pass's butterflies lane-fast
  bool writeLaneFast = false;   // WRITE_LANE_FAST: the last pass's butterflies lane-fast
  std::size_t wordsPerValue = 2;  // 4-byte words a position holds: 1 a component, 2 f32, 4 f64
};

// The exchanges of a grouped pass, if it may take laid-out exchanges: a plain or component pass
// of two inner passes or more, with no hooks, tangling or Rader's staging in local memory.
std::optional<ExchangeShape> exchangeShapeOf(const PassInfo& pass, Precision precision);

// Positions a lane of F points takes in a layout (the last laid out, plus one).
std::size_t laidOutPositions(std::size_t points, ExchangeLayout layout);

// Whether the layout keeps every butterfly's positions evenly spaced in exchange e (1 ≤ e <
// inner passes), as the kernel assumes.
bool keepsSteps(const ExchangeShape& shape, std::size_t exchange, ExchangeLayout layout);

// Turns the first work-items of the group (up to 128) take through the banks in exchange e, its
// writes and reads, lanes laneStride positions apart: over each warp access of 32 work-items, the
// most distinct words that one bank serves.
std::size_t exchangeTurns(const ExchangeShape& shape, std::size_t exchange, ExchangeLayout layout,
                          std::size_t laneStride);

// Each exchange's layout with the fewest turns and the lanes' stride (odd, so that neighbouring
// lanes start in different banks), within `positions` a lane at most.
ExchangeLayouts chooseExchangeLayouts(const ExchangeShape& shape, std::size_t positions);

// The layouts of a grouped pass where it takes them (DeviceLimits::exchangeLayouts), within the
// local memory its plan counted on; none otherwise (every position padded on its own).
std::optional<ExchangeLayouts> exchangeLayoutsOf(const PassInfo& pass, Precision precision, const DeviceLimits& limits);

}  // namespace fftscope
