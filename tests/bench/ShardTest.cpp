// `--shard K/M`: shares that cover every item once, in order, nearly equal; refusals that name
// the problem; merged reports in the order of one process.
#include "bench/Shard.h"

#include <gtest/gtest.h>

#include <string>

namespace fftscope::bench {
namespace {

TEST(Shard, SharesCoverEveryItemOnceInOrder) {
  for (std::size_t items : {0u, 1u, 5u, 7u, 64u, 1000u})
    for (std::size_t m : {1u, 2u, 3u, 8u, 11u}) {
      std::size_t expected = 0;
      for (std::size_t k = 1; k <= m; ++k) {
        const ShareRange r = shareOf(items, {k, m});
        EXPECT_EQ(r.begin, expected) << items << " items, share " << k << "/" << m;
        EXPECT_LE(r.end - r.begin, items / m + 1);
        EXPECT_GE(r.end - r.begin, items / m);
        expected = r.end;
      }
      EXPECT_EQ(expected, items);
    }
  const std::vector<int> all{0, 1, 2, 3, 4, 5, 6};
  EXPECT_EQ(takeShare(all, {2, 3}), (std::vector<int>{2, 3}));
}

TEST(Shard, ParsesKOfM) {
  const Shard s = parseShard("3/8");
  EXPECT_EQ(s.index, 3u);
  EXPECT_EQ(s.count, 8u);
  for (const char* bad : {"", "3", "0/2", "3/2", "1/0", "a/b", "1/2/3", "-1/2", "1/ 2"})
    EXPECT_THROW(parseShard(bad), std::invalid_argument) << bad;
  try {
    parseShard("4/3");
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("K must be from 1 to M"), std::string::npos);
  }
}

TEST(Shard, MergedReportsKeepTheSharesOrder) {
  BenchReport a, b;
  a.results.resize(2);
  a.results[0].variant = "r2";
  a.results[1].variant = "r4";
  b.results.resize(1);
  b.results[0].variant = "r8";
  b.cancelled = true;
  const BenchReport merged = mergeReports({a, b});
  ASSERT_EQ(merged.results.size(), 3u);
  EXPECT_EQ(merged.results[2].variant, "r8");
  EXPECT_TRUE(merged.cancelled);
}

}  // namespace
}  // namespace fftscope::bench
