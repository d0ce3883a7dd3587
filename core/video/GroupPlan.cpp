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

}  // namespace

GroupPlan::GroupPlan(int groupFrames, int lanes, std::int64_t expectedFrames)
    : GroupPlan(groupFrames, lanes, expectedFrames, laneShare(groupFrames, lanes)) {}

GroupPlan GroupPlan::wholeGroups(int groupFrames, int lanes) {
  return GroupPlan(groupFrames, lanes, 0, std::max(1, groupFrames));
}

GroupPlan::GroupPlan(int groupFrames, int lanes, std::int64_t expectedFrames, int shortFrames)
    : groupFrames_(std::max(1, groupFrames)), lanes_(std::max(1, lanes)), shortFrames_(shortFrames) {
  const std::int64_t ends = std::int64_t(lanes_) * groupFrames_;
  headEnd_ = ends;
  tailStart_ = std::numeric_limits<std::int64_t>::max();
  if (expectedFrames > 0) {
    // Whole groups between the head and the tail, so that the tail's first frame starts a group.
    const std::int64_t middle = std::max<std::int64_t>(0, expectedFrames - ends - headEnd_);
    tailStart_ = headEnd_ + middle / groupFrames_ * groupFrames_;
  }
}

GroupPlan::Place GroupPlan::place(std::int64_t frame) const {
  const std::int64_t headGroups = (headEnd_ + shortFrames_ - 1) / shortFrames_;
  if (frame < headEnd_) return {frame / shortFrames_, frame % shortFrames_ == 0};
  if (frame < tailStart_) {
    const std::int64_t at = frame - headEnd_;
    return {headGroups + at / groupFrames_, at % groupFrames_ == 0};
  }
  const std::int64_t middleGroups = (tailStart_ - headEnd_) / groupFrames_;
  const std::int64_t at = frame - tailStart_;
  return {headGroups + middleGroups + at / shortFrames_, at % shortFrames_ == 0};
}

bool GroupPlan::startsGroup(std::int64_t frame) const { return place(frame).first; }

int GroupPlan::lane(std::int64_t frame) const { return int(place(frame).group % lanes_); }

}  // namespace fftscope::video
