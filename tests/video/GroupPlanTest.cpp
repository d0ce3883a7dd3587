// The encoder's groups of pictures: whole groups dealt to the lanes in turn, cut to a lane's
// share at the video's two ends.
#include "video/GroupPlan.h"

#include <gtest/gtest.h>

#include <vector>

namespace fftscope::video {
namespace {

// The frames at which groups begin, and each frame's lane.
std::vector<std::int64_t> starts(const GroupPlan& plan, std::int64_t frames) {
  std::vector<std::int64_t> at;
  for (std::int64_t f = 0; f < frames; ++f)
    if (plan.startsGroup(f)) at.push_back(f);
  return at;
}

TEST(GroupPlan, ShortGroupsAtBothEndsWholeOnesBetween) {
  const GroupPlan plan(12, 3, 103);
  EXPECT_EQ(plan.shortGroupFrames(), 4);
  // Head: 36 frames in groups of 4; then whole groups of 12 while at least 36 frames stay after
  // them; the rest (43 frames) in groups of 4 again.
  const std::vector<std::int64_t> expected{0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 48, 60, 64, 68, 72, 76,
                                           80, 84, 88, 92, 96, 100};
  EXPECT_EQ(starts(plan, 103), expected);
  // Groups go to the lanes in turn, and a group's frames all to one lane.
  std::int64_t group = -1;
  for (std::int64_t f = 0; f < 103; ++f) {
    if (plan.startsGroup(f)) ++group;
    EXPECT_EQ(plan.lane(f), int(group % 3)) << "frame " << f;
  }
}

TEST(GroupPlan, WithoutAFrameCountOnlyTheStartIsCut) {
  const GroupPlan plan(12, 3, 0);
  const std::vector<std::int64_t> at = starts(plan, 120);
  const std::vector<std::int64_t> expected{0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 48, 60, 72, 84, 96, 108};
  EXPECT_EQ(at, expected);
}

TEST(GroupPlan, AShortVideoIsShortGroupsThroughout) {
  const GroupPlan plan(12, 3, 50);
  const std::vector<std::int64_t> at = starts(plan, 50);
  ASSERT_EQ(at.size(), 13u);
  for (std::size_t i = 0; i < at.size(); ++i) EXPECT_EQ(at[i], std::int64_t(4 * i));
}

TEST(GroupPlan, ShareOfAGroupIsAtLeastTwoFramesAndOneLaneKeepsWholeGroups) {
  const GroupPlan eight(12, 8, 600);
  EXPECT_EQ(eight.shortGroupFrames(), 2);
  EXPECT_TRUE(eight.startsGroup(94));
  EXPECT_TRUE(eight.startsGroup(96));
  EXPECT_FALSE(eight.startsGroup(98));  // whole groups of 12 from frame 96
  EXPECT_TRUE(eight.startsGroup(108));
  EXPECT_EQ(GroupPlan(12, 16, 600).shortGroupFrames(), 2);  // a twelfth of a group would be 1
  const GroupPlan one(12, 1, 100);
  EXPECT_EQ(one.shortGroupFrames(), 12);
  EXPECT_EQ(starts(one, 30), (std::vector<std::int64_t>{0, 12, 24}));
  for (std::int64_t f = 0; f < 30; ++f) EXPECT_EQ(one.lane(f), 0);
}

TEST(GroupPlan, TheHeadEndsWithAWholeShortGroup) {
  const GroupPlan plan(10, 4, 0);  // groups of 3 over 40 frames would leave one frame alone
  EXPECT_EQ(plan.shortGroupFrames(), 3);
  const std::vector<std::int64_t> at = starts(plan, 60);
  const std::vector<std::int64_t> expected{0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 52};
  EXPECT_EQ(at, expected);
}

TEST(GroupPlan, WholeGroupsThroughoutWhereTheCodecCountsItsOwn) {
  const GroupPlan plan = GroupPlan::wholeGroups(12, 3);
  EXPECT_EQ(starts(plan, 50), (std::vector<std::int64_t>{0, 12, 24, 36, 48}));
  for (std::int64_t f = 0; f < 50; ++f) EXPECT_EQ(plan.lane(f), int(f / 12 % 3));
}

TEST(GroupPlan, FramesPastTheCountDeclaredComeInWholeGroupsAgain) {
  const GroupPlan plan(12, 3, 80);  // the file has more frames than its container said
  std::int64_t group = -1;
  for (std::int64_t f = 0; f < 200; ++f) {
    if (plan.startsGroup(f)) ++group;
    EXPECT_EQ(plan.lane(f), int(group % 3));
  }
  const std::vector<std::int64_t> at = starts(plan, 120);
  const std::vector<std::int64_t> expected{0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60,
                                           64, 68, 72, 76, 80, 92, 104, 116};
  EXPECT_EQ(at, expected);
}

}  // namespace
}  // namespace fftscope::video
