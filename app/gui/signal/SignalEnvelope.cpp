#include "signal/SignalEnvelope.h"

#include <algorithm>
#include <cmath>

namespace fftscope::gui {

namespace {
constexpr std::size_t kFinestBlock = 64;
constexpr std::size_t kLevelFactor = 4;
constexpr std::size_t kCoarsestBlocks = 512;  // no level coarser than needed for a whole view
}  // namespace

SignalEnvelope::SignalEnvelope(SignalPtr signal, int channel) : signal_(std::move(signal)), channel_(channel) {
  if (channel_ < 0 && signal_->channelCount() == 1) channel_ = 0;
  if (channel_ < 0) mix_ = signal::channelOrMix(*signal_, -1);
  const std::span<const float> x = samples();

  Level first;
  first.block = kFinestBlock;
  const std::size_t blocks = (x.size() + kFinestBlock - 1) / kFinestBlock;
  first.lo.resize(blocks);
  first.hi.resize(blocks);
  for (std::size_t b = 0; b < blocks; ++b) {
    const auto begin = x.begin() + std::ptrdiff_t(b * kFinestBlock);
    const auto end = x.begin() + std::ptrdiff_t(std::min(x.size(), (b + 1) * kFinestBlock));
    const auto [lo, hi] = std::minmax_element(begin, end);
    first.lo[b] = *lo;
    first.hi[b] = *hi;
  }
  levels_.push_back(std::move(first));
  while (levels_.back().lo.size() > kCoarsestBlocks) {
    const Level& finer = levels_.back();
    Level next;
    next.block = finer.block * kLevelFactor;
    const std::size_t n = (finer.lo.size() + kLevelFactor - 1) / kLevelFactor;
    next.lo.resize(n);
    next.hi.resize(n);
    for (std::size_t b = 0; b < n; ++b) {
      const std::size_t begin = b * kLevelFactor, end = std::min(finer.lo.size(), begin + kLevelFactor);
      next.lo[b] = *std::min_element(finer.lo.begin() + std::ptrdiff_t(begin), finer.lo.begin() + std::ptrdiff_t(end));
      next.hi[b] = *std::max_element(finer.hi.begin() + std::ptrdiff_t(begin), finer.hi.begin() + std::ptrdiff_t(end));
    }
    levels_.push_back(std::move(next));
  }
  const Level& top = levels_.back();
  for (std::size_t b = 0; b < top.lo.size(); ++b) peak_ = std::max({peak_, std::abs(top.lo[b]), std::abs(top.hi[b])});
}

std::span<const float> SignalEnvelope::samples() const {
  if (channel_ < 0) return mix_;
  return signal_->channels[std::size_t(channel_)];
}

void SignalEnvelope::columns(double first, double last, int pixels, std::vector<float>& lo,
                             std::vector<float>& hi) const {
  lo.assign(std::size_t(std::max(pixels, 0)), 0.0f);
  hi.assign(lo.size(), 0.0f);
  const std::span<const float> x = samples();
  if (pixels <= 0 || x.empty() || !(last > first)) return;
  const double step = (last - first) / pixels;
  // The coarsest level whose blocks are no wider than a pixel; raw samples when zoomed in closer.
  const Level* level = nullptr;
  for (const Level& candidate : levels_)
    if (double(candidate.block) <= step) level = &candidate;
  const double n = double(x.size());
  for (int p = 0; p < pixels; ++p) {
    const double a = std::clamp(first + p * step, 0.0, n), b = std::clamp(first + (p + 1) * step, 0.0, n);
    std::size_t begin = std::size_t(a), end = std::max(std::size_t(std::ceil(b)), begin + 1);
    if (begin >= x.size()) break;
    end = std::min(end, x.size());
    float mn, mx;
    if (level) {
      const std::size_t bb = begin / level->block;
      const std::size_t be = std::min(level->lo.size(), std::max(bb + 1, (end + level->block - 1) / level->block));
      mn = *std::min_element(level->lo.begin() + std::ptrdiff_t(bb), level->lo.begin() + std::ptrdiff_t(be));
      mx = *std::max_element(level->hi.begin() + std::ptrdiff_t(bb), level->hi.begin() + std::ptrdiff_t(be));
    } else {
      const auto [l, h] = std::minmax_element(x.begin() + std::ptrdiff_t(begin), x.begin() + std::ptrdiff_t(end));
      mn = *l;
      mx = *h;
    }
    lo[std::size_t(p)] = mn;
    hi[std::size_t(p)] = mx;
  }
}

}  // namespace fftscope::gui
