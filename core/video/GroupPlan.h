// Where the encoder's groups of pictures begin and which lane encodes each (video/Encoder.h).
//
// Lanes take groups in turn, each starting with an I frame. A lane's frames come a group at a
// time, so at the start the last lane waits for every lane before it to be given a whole group,
// and at the end each lane still has its last group to encode once the last frame is in: at 4K,
// with eight lanes of two slice threads, a frame took a lane 40 ms, so a group of 12 was half a
// second of drain. At both ends the plan therefore cuts the groups to a lane's share of one
// (12 frames over 3 lanes: groups of 4, at least 2 frames), over the first and the last
// `lanes` groups' worth of frames; in between the groups keep their length, so the file keeps
// its I frames as far apart as a single encoder would put them. The end is known only from
// the frame count the container declares; where it declares none, or wrongly, only the start
// is cut, or the cut falls elsewhere: the frames are encoded all the same.
#pragma once

#include <cstdint>

namespace fftscope::video {

class GroupPlan {
 public:
  // expectedFrames: the video's frame count, 0 where unknown.
  GroupPlan(int groupFrames, int lanes, std::int64_t expectedFrames);
  // Whole groups throughout, for a codec that puts its key frames by its own count of frames.
  static GroupPlan wholeGroups(int groupFrames, int lanes);

  // Whether `frame` begins a group (an I frame).
  bool startsGroup(std::int64_t frame) const;
  // The lane (0 to lanes - 1) that encodes `frame`.
  int lane(std::int64_t frame) const;
  // The longest group, and the groups cut short at the ends.
  int groupFrames() const { return groupFrames_; }
  int shortGroupFrames() const { return shortFrames_; }

 private:
  struct Place {
    std::int64_t group;  // groups counted from the first frame
    bool first;          // the group's first frame
  };
  Place place(std::int64_t frame) const;
  GroupPlan(int groupFrames, int lanes, std::int64_t expectedFrames, int shortFrames);

  int groupFrames_;
  int lanes_;
  int shortFrames_;
  std::int64_t headEnd_;    // frames before it: short groups
  std::int64_t tailStart_;  // frames from it: short groups again
};

}  // namespace fftscope::video
