#include "engine/planning/ExchangeLayout.h"

#include "engine/planning/GroupedPlanner.h"
#include "engine/planning/RegisterExchange.h"

#include <algorithm>
#include <array>
#include <optional>

namespace fftscope {
namespace {

constexpr std::size_t kBanks = 32;
constexpr std::size_t kWarp = 32;
// Work-items the model follows: enough for every lane pattern of a group, few enough that a
// plan's layouts take well under a millisecond.
constexpr std::size_t kModelledItems = 128;
// Gaps of a position to 8: 8 spreads the 8-way conflicts of radix-8 writes of 4-byte components
// over the banks; more would only waste local memory.
constexpr std::array<std::size_t, 4> kGaps{1, 2, 4, 8};

std::size_t laidOut(std::size_t position, ExchangeLayout layout) {
  return layout.every ? position + layout.gap * (position / layout.every) : position;
}

std::size_t oddAtLeast(std::size_t n) { return n | 1; }

// A butterfly b of a pass of radix R as (lane, index), as grouped_fft.cl's butterfly().
std::pair<std::size_t, std::size_t> butterflyOf(std::size_t b, std::size_t radix, const ExchangeShape& s, bool laneFast) {
  const std::size_t perLane = s.points / radix;
  return laneFast ? std::pair{b % s.lanes, b / s.lanes} : std::pair{b / perLane, b % perLane};
}

// The most distinct words one bank serves in a warp's access.
std::size_t turnsOf(std::vector<std::size_t>& words) {
  if (words.empty()) return 0;
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  std::array<std::size_t, kBanks> perBank{};
  for (std::size_t w : words) ++perBank[w % kBanks];
  return *std::max_element(perBank.begin(), perBank.end());
}

// One side of an exchange: the writes of the inner pass before it (radix, pp: the product of the
// radices before that pass) or the reads of the pass after it (radix; pp unused).
struct Side {
  std::size_t radix, pp;
  bool laneFast, writes;
};

Side writesOf(const ExchangeShape& s, std::size_t e) {
  std::size_t pp = 1;
  for (std::size_t i = 0; i + 1 < e; ++i) pp *= static_cast<std::size_t>(s.radices[i]);
  return {static_cast<std::size_t>(s.radices[e - 1]), pp, e == 1 ? s.readLaneFast : true, true};
}

Side readsOf(const ExchangeShape& s, std::size_t e) {
  return {static_cast<std::size_t>(s.radices[e]), 0, e + 1 == s.radices.size() ? s.writeLaneFast : true, false};
}

std::size_t sideTurns(const ExchangeShape& s, const Side& side, ExchangeLayout layout, std::size_t laneStride) {
  const std::size_t butterflies = s.lanes * s.points / side.radix;
  const std::size_t rounds = (butterflies + s.group - 1) / s.group;
  const std::size_t items = std::min(s.group, kModelledItems);
  std::size_t turns = 0;
  std::vector<std::size_t> words;
  for (std::size_t q = 0; q < rounds; ++q)
    for (std::size_t m = 0; m < side.radix; ++m)
      for (std::size_t first = 0; first < items; first += kWarp) {
        words.clear();
        for (std::size_t t = first; t < std::min(first + kWarp, items); ++t) {
          const std::size_t b = t + q * s.group;
          if (b >= butterflies) continue;
          const auto [lane, i] = butterflyOf(b, side.radix, s, side.laneFast);
          std::size_t position = i + m * (s.points / side.radix);
          if (side.writes) {
            const std::size_t k = i % side.pp;
            position = (i - k) * side.radix + k + m * side.pp;
          }
          const std::size_t at = (lane * laneStride + laidOut(position, layout)) * s.wordsPerValue;
          for (std::size_t w = 0; w < s.wordsPerValue; ++w) words.push_back(at + w);
        }
        turns += turnsOf(words);
      }
  return turns;
}

}  // namespace

std::optional<ExchangeShape> exchangeShapeOf(const PassInfo& pass, Precision precision) {
  const GroupedPass& g = pass.grouped;
  const bool staged = pass.hooks.any() || g.half.untangleOut || g.half.tangleIn;
  if (pass.kind != PassKind::Grouped || g.innerRadices.size() < 2 || staged ||
      (g.exchangeRounds != 1 && !g.componentExchange))
    return std::nullopt;
  ExchangeShape s;
  s.points = pass.span;
  s.lanes = g.lanes;
  s.group = pass.local[0];
  s.radices = g.innerRadices;
  s.readLaneFast = readsLaneFast(pass);
  s.writeLaneFast = writesLaneFast(pass);
  s.wordsPerValue = g.componentExchange ? 1 : bytesPerComplex(precision) / 4;
  return s;
}

std::size_t laidOutPositions(std::size_t points, ExchangeLayout layout) { return laidOut(points - 1, layout) + 1; }

bool keepsSteps(const ExchangeShape& shape, std::size_t exchange, ExchangeLayout layout) {
  if (!layout.every) return true;
  const Side w = writesOf(shape, exchange);
  const std::size_t readStride = shape.points / static_cast<std::size_t>(shape.radices[exchange]);
  const bool writesEven = w.pp % layout.every == 0 || layout.every % (w.pp * w.radix) == 0;
  return writesEven && readStride % layout.every == 0;
}

std::size_t exchangeTurns(const ExchangeShape& shape, std::size_t exchange, ExchangeLayout layout, std::size_t laneStride) {
  return sideTurns(shape, writesOf(shape, exchange), layout, laneStride) +
         sideTurns(shape, readsOf(shape, exchange), layout, laneStride);
}

namespace {

// The layout of exchange e with the fewest turns, lanes `laneStride` apart (or, where that is 0,
// as far apart as each layout needs), none of them past `positions` a lane.
ExchangeLayout fewestTurns(const ExchangeShape& shape, std::size_t e, std::size_t positions, std::size_t laneStride) {
  const auto strideFor = [&](std::size_t laid) {
    return laneStride ? laneStride : shape.lanes > 1 ? oddAtLeast(laid) : laid;
  };
  const std::size_t readStride = shape.points / static_cast<std::size_t>(shape.radices[e]);
  ExchangeLayout best{};
  std::size_t fewest = exchangeTurns(shape, e, best, strideFor(shape.points));
  // Runs of 8 positions or more, at most a quarter of them gaps; fewer gaps first on a tie.
  for (std::size_t gap : kGaps)
    for (std::size_t every = readStride; every >= 4 * gap && every >= 8; --every) {
      const ExchangeLayout layout{every, gap};
      if (readStride % every != 0 || !keepsSteps(shape, e, layout)) continue;
      const std::size_t laid = laidOutPositions(shape.points, layout);
      if (laid > positions || strideFor(laid) > positions) continue;
      const std::size_t turns = exchangeTurns(shape, e, layout, strideFor(laid));
      if (turns < fewest) {
        fewest = turns;
        best = layout;
      }
    }
  return best;
}

}  // namespace

ExchangeLayouts chooseExchangeLayouts(const ExchangeShape& shape, std::size_t positions) {
  ExchangeLayouts chosen;
  for (std::size_t e = 1; e < shape.radices.size(); ++e) chosen.exchanges.push_back(fewestTurns(shape, e, positions, 0));
  std::size_t laid = shape.points;
  for (const ExchangeLayout& layout : chosen.exchanges) laid = std::max(laid, laidOutPositions(shape.points, layout));
  chosen.laneStride = laid;
  if (shape.lanes == 1) return chosen;
  // Lanes are one stride apart in every exchange. Of the strides the exchanges' own choices need
  // (and the unpadded lanes'), the one whose layouts, each chosen again within it, take the
  // fewest turns in all; the shorter on a tie.
  std::vector<std::size_t> strides{oddAtLeast(shape.points)};
  for (const ExchangeLayout& layout : chosen.exchanges) strides.push_back(oddAtLeast(laidOutPositions(shape.points, layout)));
  std::sort(strides.begin(), strides.end());
  strides.erase(std::unique(strides.begin(), strides.end()), strides.end());
  std::optional<std::size_t> fewest;
  for (std::size_t stride : strides) {
    if (stride > positions) continue;
    ExchangeLayouts within;
    within.laneStride = stride;
    std::size_t turns = 0;
    for (std::size_t e = 1; e < shape.radices.size(); ++e) {
      within.exchanges.push_back(fewestTurns(shape, e, stride, stride));
      turns += exchangeTurns(shape, e, within.exchanges.back(), stride);
    }
    if (!fewest || turns < *fewest) {
      fewest = turns;
      chosen = within;
    }
  }
  return chosen;
}

std::optional<ExchangeLayouts> exchangeLayoutsOf(const PassInfo& pass, Precision precision, const DeviceLimits& limits) {
  if (!limits.exchangeLayouts) return std::nullopt;
  const std::optional<ExchangeShape> shape = exchangeShapeOf(pass, precision);
  if (!shape) return std::nullopt;
  // Within what the plan counted on: one component a lane beside the compiler's bytes, or the
  // padded lanes of grouped_io.cl's LSTRIDE.
  const std::size_t positions =
      pass.grouped.componentExchange
          ? (limits.localMemBytes - std::min(limits.localMemBytes, kCompilerLocalBytes)) / sizeof(float) / shape->lanes
          : oddAtLeast(shape->points + shape->points / 16);
  if (positions < shape->points) return std::nullopt;
  return chooseExchangeLayouts(*shape, positions);
}

}  // namespace fftscope
