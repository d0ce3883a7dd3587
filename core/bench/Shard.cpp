#include "bench/Shard.h"

#include <charconv>
#include <stdexcept>
#include <string>

namespace fftscope::bench {
namespace {

std::size_t wholeNumber(std::string_view text, std::string_view whole) {
  std::size_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw std::invalid_argument("--shard '" + std::string(whole) + "' is not K/M (share K of M, e.g. 3/8)");
  return value;
}

}  // namespace

Shard parseShard(std::string_view text) {
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos)
    throw std::invalid_argument("--shard '" + std::string(text) + "' is not K/M (share K of M, e.g. 3/8)");
  Shard s{wholeNumber(text.substr(0, slash), text), wholeNumber(text.substr(slash + 1), text)};
  if (s.count < 1 || s.count > 100000)
    throw std::invalid_argument("--shard '" + std::string(text) + "': M must be from 1 to 100000");
  if (s.index < 1 || s.index > s.count)
    throw std::invalid_argument("--shard '" + std::string(text) + "': K must be from 1 to M");
  return s;
}

ShareRange shareOf(std::size_t items, Shard shard) {
  // Boundaries at floor(k * items / M): lengths differ by at most one.
  const auto boundary = [&](std::size_t k) { return std::size_t((unsigned __int128)k * items / shard.count); };
  return {boundary(shard.index - 1), boundary(shard.index)};
}

BenchReport mergeReports(const std::vector<BenchReport>& shares) {
  BenchReport merged;
  for (const BenchReport& share : shares) {
    merged.results.insert(merged.results.end(), share.results.begin(), share.results.end());
    merged.cancelled = merged.cancelled || share.cancelled;
  }
  return merged;
}

}  // namespace fftscope::bench
