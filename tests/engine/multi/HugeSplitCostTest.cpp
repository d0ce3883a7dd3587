// The splits' cost model on figures like the H200 pair's (55 GB/s each way a link): with the data
// on the host the thesis split's links carry half the bytes each and it beats one device; with
// the data already on one device the trips through the host cost more than the transform, and
// one device wins.
#include "engine/multi/HugeSplitCost.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace fftscope::multi {
namespace {

constexpr double kBytes = double(std::size_t{1} << 30) * 8;  // 2^30 points, f32
const LinkFigures kLink{55e9, 55e9};

TEST(HugeSplitCost, OneDeviceFromTheHostIsBothCopiesAndTheTransform) {
  EXPECT_DOUBLE_EQ(oneDeviceSeconds(kBytes, kLink, 0.05, false), 2 * kBytes / 55e9 + 0.05);
  EXPECT_DOUBLE_EQ(oneDeviceSeconds(kBytes, kLink, 0.05, true), 0.05);
}

// A transform whose data is on the device, timed by the device's clock, costs the host its wait too.
TEST(HugeSplitCost, ADeviceResidentTransformPaysTheHostsWait) {
  LinkFigures waited = kLink;
  waited.waitSeconds = 2e-5;
  EXPECT_DOUBLE_EQ(oneDeviceSeconds(kBytes, waited, 0.001, true), 0.001 + 2e-5);
}

TEST(HugeSplitCost, ThesisSplitFromTheHostHalvesEachLinksBytes) {
  const std::vector<LinkFigures> links{kLink, kLink};
  const std::vector<double> shares{0.024, 0.026};
  const double split = thesisSplitSeconds(kBytes, links, shares, false);
  EXPECT_DOUBLE_EQ(split, kBytes / 55e9 + 0.026);  // the slower device sets the pace
  EXPECT_LT(split, 0.6 * oneDeviceSeconds(kBytes, kLink, 0.05, false));
}

TEST(HugeSplitCost, StagingSlowerThanTheLinkSetsThePace) {
  const std::vector<LinkFigures> links{{55e9, 55e9, 10e9}, {55e9, 55e9, 10e9}};
  const std::vector<double> shares{0.02, 0.02};
  EXPECT_DOUBLE_EQ(thesisSplitSeconds(kBytes, links, shares, false), kBytes / 10e9 + 0.02);
}

TEST(HugeSplitCost, DataOnOneDeviceStaysThere) {
  const std::vector<LinkFigures> links{kLink, kLink};
  const std::vector<double> shares{0.025, 0.025};
  const double one = oneDeviceSeconds(kBytes, kLink, 0.05, true);
  EXPECT_GT(thesisSplitSeconds(kBytes, links, shares, true, 0, 0.004), 2 * one);
  EXPECT_GT(fourStepSplitSeconds(kBytes, links, shares, shares, true, 1), 2 * one);
}

// A relay runs at the slower of the source's download and the target's upload, plus one chunk at
// the faster while the ring fills; a share shorter than a chunk pays for itself alone.
TEST(HugeSplitCost, RelayIsTheSlowerLinkAndOneChunk) {
  const LinkFigures fast{55e9, 50e9}, slow{25e9, 20e9};
  EXPECT_DOUBLE_EQ(relaySeconds(1e9, fast, slow, 32e6), 1e9 / 25e9 + 32e6 / 50e9);
  EXPECT_DOUBLE_EQ(relaySeconds(1e9, slow, fast, 32e6), 1e9 / 20e9 + 32e6 / 55e9);
  EXPECT_DOUBLE_EQ(relaySeconds(1e6, fast, fast, 32e6), 1e6 / 50e9 + 1e6 / 55e9);
  // A measured relay rate, slower than both links (the host's memory carries both), sets the pace.
  LinkFigures measured = fast;
  measured.relayBytesPerSecond = 40e9;
  EXPECT_DOUBLE_EQ(relaySeconds(1e9, measured, fast, 32e6), 1e9 / 40e9 + 32e6 / 55e9);
}

// With one share a device relayed: the holder's passes, each other share's relay there and back,
// and the slowest transform between them; three devices relay two shares each way in turn.
TEST(HugeSplitCost, ThesisSplitOnOneDeviceRelaysEachOtherShareBothWays) {
  const std::vector<LinkFigures> two{kLink, kLink};
  const std::vector<double> shares{0.025, 0.03};
  const double half = kBytes / 2;
  EXPECT_DOUBLE_EQ(thesisSplitSeconds(kBytes, two, shares, true, 0, 0.004, 32e6),
                   0.004 + 2 * (half / 55e9 + 32e6 / 55e9) + 0.03);
  const std::vector<LinkFigures> three{kLink, kLink, kLink};
  const std::vector<double> thirds{0.02, 0.02, 0.02};
  EXPECT_DOUBLE_EQ(thesisSplitSeconds(kBytes, three, thirds, true, 1, 0.004, 32e6),
                   0.004 + 4 * (kBytes / 3 / 55e9 + 32e6 / 55e9) + 0.02);
  // Relayed, it costs more than twice the transform on the holder.
  EXPECT_GT(thesisSplitSeconds(kBytes, two, shares, true, 0, 0.004, 32e6), 2 * oneDeviceSeconds(kBytes, kLink, 0.05, true));
}

TEST(HugeSplitCost, FourStepIsTwoStagesOfTheSameTraffic) {
  const std::vector<LinkFigures> links{kLink, kLink, kLink};
  const std::vector<double> columns{0.01, 0.01, 0.01}, rows{0.02, 0.02, 0.02};
  EXPECT_DOUBLE_EQ(fourStepSplitSeconds(kBytes, links, columns, rows, false), 4 * kBytes / 3 / 55e9 + 0.03);
}

TEST(HugeSplitCost, RefusesMissingFigures) {
  const std::vector<LinkFigures> links{kLink, {0, 55e9}};
  const std::vector<double> shares{0.02, 0.02}, one{0.02};
  EXPECT_THROW(thesisSplitSeconds(kBytes, links, shares, false), std::invalid_argument);
  EXPECT_THROW(thesisSplitSeconds(kBytes, std::vector<LinkFigures>{kLink, kLink}, one, false), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::multi
