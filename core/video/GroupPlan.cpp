#include "video/GroupPlan.h"

#include <algorithm>
#include <limits>

namespace fftscope::video {
namespace {

int laneShare(int groupFrames, int lanes) {
  groupFrames = std::max(1, groupFrames);
  lanes = std::max(1, lanes);
  if (lanes == 1) return groupFrames;
  return std::min(groupFrames, std::max(2, (groupFrames + lanes - 1) / lanes));
}

std::int64_t ceilDiv(std::int64_t value, std::int64_t step) { return (value + step - 1) / step; }

}  // namespace

GroupPlan::GroupPlan(int groupFrames, int lanes, std::int64_t expectedFrames)
    : GroupPlan(groupFrames, lanes, expectedFrames, laneShare(groupFrames, lanes)) {}

GroupPlan GroupPlan::wholeGroups(int groupFrames, int lanes) {
  return GroupPlan(groupFrames, lanes, 0, std::max(1, groupFrames));
}

GroupPlan::GroupPlan(int groupFrames, int lanes, std::int64_t expectedFrames, int shortFrames)
    : groupFrames_(std::max(1, groupFrames)), lanes_(std::max(1, lanes)), shortFrames_(shortFrames) {
  const bool cut = shortFrames_ < groupFrames_;
  const std::int64_t round = std::int64_t(lanes_) * shortFrames_;  // a round of short groups
  headEnd_ = cut ? round : 0;
  tailStart_ = tailEnd_ = std::numeric_limits<std::int64_t>::max();
  if (cut && expectedFrames > 0) {
    tailStart_ = std::max(headEnd_, expectedFrames - round);
    tailEnd_ = std::max(tailStart_, expectedFrames);
  }
}

GroupPlan::Place GroupPlan::place(std::int64_t frame) const {
  const auto within = [](std::int64_t groupsBefore, std::int64_t at, std::int64_t length) {
    return Place{groupsBefore + at / length, at % length == 0};
  };
  const std::int64_t headGroups = headEnd_ / shortFrames_;
  if (frame < headEnd_) return within(0, frame, shortFrames_);
  if (frame < tailStart_) return within(headGroups, frame - headEnd_, groupFrames_);
  const std::int64_t tailGroupsBefore = headGroups + ceilDiv(tailStart_ - headEnd_, groupFrames_);
  if (frame < tailEnd_) return within(tailGroupsBefore, frame - tailStart_, shortFrames_);
  // Past the count declared: whole groups again.
  const std::int64_t tailGroups = ceilDiv(tailEnd_ - tailStart_, shortFrames_);
  return within(tailGroupsBefore + tailGroups, frame - tailEnd_, groupFrames_);
}

bool GroupPlan::startsGroup(std::int64_t frame) const { return place(frame).first; }

int GroupPlan::lane(std::int64_t frame) const { return int(place(frame).group % lanes_); }

}  // namespace fftscope::video
