// A share of a collection for one of M processes (`--shard K/M`), so that a scheduler outside the
// program (Slurm array jobs, GNU parallel) spreads a sweep or a batch of files over machines.
// Share K of M is the K-th of M contiguous runs of nearly equal length, decided by the count
// alone: every process agrees without talking, and the shares' outputs, put one after another
// in K's order, are the output of one process doing it all.
#pragma once

#include "bench/BenchResult.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace fftscope::bench {

struct Shard {
  std::size_t index = 1;  // K, from 1
  std::size_t count = 1;  // M
};

// "K/M" with 1 <= K <= M <= 100000; throws std::invalid_argument naming the problem.
Shard parseShard(std::string_view text);

// [begin, end) of the share among `items`.
struct ShareRange {
  std::size_t begin = 0, end = 0;
};
ShareRange shareOf(std::size_t items, Shard shard);

template <typename T>
std::vector<T> takeShare(const std::vector<T>& all, Shard shard) {
  const ShareRange r = shareOf(all.size(), shard);
  return std::vector<T>(all.begin() + std::ptrdiff_t(r.begin), all.begin() + std::ptrdiff_t(r.end));
}

// The shares' reports, in K's order, as one: their results one after another; cancelled if any was.
BenchReport mergeReports(const std::vector<BenchReport>& shares);

}  // namespace fftscope::bench
