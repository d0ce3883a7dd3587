// The encoder's groups of pictures: whole groups dealt to the lanes in turn, the first and the
// last round cut to a lane's share of a group.
#include "video/GroupPlan.h"

#include <gtest/gtest.h>

#include <vector>

namespace fftscope::video {
namespace {

// The frames at which groups begin.
std::vector<std::int64_t> starts(const GroupPlan& plan, std::int64_t frames) {
  std::vector<std::int64_t> at;
  for (std::int64_t f = 0; f < frames; ++f)
    if (plan.startsGroup(f)) at.push_back(f);
  return at;
}

// Groups go to the lanes in turn, and a group's frames all to one lane.
void expectLanesInTurn(const GroupPlan& plan, int lanes, std::int64_t frames) {
  std::int64_t group = -1;
  for (std::int64_t f = 0; f < frames; ++f) {
    if (plan.startsGroup(f)) ++group;
    EXPECT_EQ(plan.lane(f), int(group % lanes)) << "frame " << f;
  }
}

TEST(GroupPlan, ARoundOfShortGroupsAtEachEndWholeOnesBetween) {
  const GroupPlan plan(12, 3, 103);
  EXPECT_EQ(plan.shortGroupFrames(), 4);
  // Three groups of 4, whole groups of 12 up to the last round (the last of them cut to 7 frames,
  // 84-90), and three groups of 4 again.
  const std::vector<std::int64_t> expected{0, 4, 8, 12, 24, 36, 48, 60, 72, 84, 91, 95, 99};
  EXPECT_EQ(starts(plan, 103), expected);
  expectLanesInTurn(plan, 3, 103);
}

TEST(GroupPlan, WithoutAFrameCountOnlyTheStartIsCut) {
  const GroupPlan plan(12, 3, 0);
  const std::vector<std::int64_t> expected{0, 4, 8, 12, 24, 36, 48, 60, 72, 84, 96, 108};
  EXPECT_EQ(starts(plan, 120), expected);
  expectLanesInTurn(plan, 3, 120);
}

TEST(GroupPlan, AVideoOfLessThanTwoRoundsIsShortGroupsThroughout) {
  const GroupPlan plan(12, 3, 20);
  EXPECT_EQ(starts(plan, 20), (std::vector<std::int64_t>{0, 4, 8, 12, 16}));
}

TEST(GroupPlan, ShareOfAGroupIsAtLeastTwoFramesAndOneLaneKeepsWholeGroups) {
  const GroupPlan eight(12, 8, 600);
  EXPECT_EQ(eight.shortGroupFrames(), 2);
  EXPECT_TRUE(eight.startsGroup(14));
  EXPECT_TRUE(eight.startsGroup(16));
  EXPECT_FALSE(eight.startsGroup(18));  // whole groups of 12 from frame 16
  EXPECT_TRUE(eight.startsGroup(28));
  EXPECT_TRUE(eight.startsGroup(580));  // cut to 4 frames: the last round is 584-599
  EXPECT_TRUE(eight.startsGroup(584));
  EXPECT_TRUE(eight.startsGroup(598));
  expectLanesInTurn(eight, 8, 600);
  EXPECT_EQ(GroupPlan(12, 16, 600).shortGroupFrames(), 2);  // a sixteenth of a group would be 1
  const GroupPlan one(12, 1, 100);
  EXPECT_EQ(one.shortGroupFrames(), 12);
  EXPECT_EQ(starts(one, 100), (std::vector<std::int64_t>{0, 12, 24, 36, 48, 60, 72, 84, 96}));
  for (std::int64_t f = 0; f < 100; ++f) EXPECT_EQ(one.lane(f), 0);
}

TEST(GroupPlan, WholeGroupsThroughoutWhereTheCodecCountsItsOwn) {
  const GroupPlan plan = GroupPlan::wholeGroups(12, 3);
  EXPECT_EQ(starts(plan, 50), (std::vector<std::int64_t>{0, 12, 24, 36, 48}));
  for (std::int64_t f = 0; f < 50; ++f) EXPECT_EQ(plan.lane(f), int(f / 12 % 3));
}

TEST(GroupPlan, FramesPastTheCountDeclaredComeInWholeGroupsAgain) {
  const GroupPlan plan(12, 3, 80);  // the file has more frames than its container said
  const std::vector<std::int64_t> expected{0, 4, 8, 12, 24, 36, 48, 60, 68, 72, 76, 80, 92, 104, 116};
  EXPECT_EQ(starts(plan, 120), expected);
  expectLanesInTurn(plan, 3, 200);
}

}  // namespace
}  // namespace fftscope::video
