// Where the encoder's groups of pictures begin and which lane encodes each (video/Encoder.h).
//
// Lanes take groups in turn, each starting with an I frame. A lane's frames come a group at a
// time, so at the start the last lane waits until every lane before it has been given a whole
// group, and at the end the lane given the last group still has most of it to encode once the
// last frame is in, while the others have finished: the more lanes and the slower a lane's
// frame, the longer both waits. The plan therefore cuts the first `lanes` groups, and the last
// `lanes` groups, to a lane's share of a group (12 frames over 3 lanes: groups of 4; at least 2
// frames), so that every lane starts within a few frames and the lanes end together. Each cut
// group is an I frame more, and an I frame takes several times a predicted frame's bytes (a 4K
// file of 48 frames in groups of 4 throughout grew from 21.9 to 34.5 MB here, with its first and
// last rounds cut to 28.0 MB), so only those two rounds are cut; the groups between keep their
// length, but for the one before the last round, which ends where that round begins. The end is
// known only from the frame count the container declares: where it declares none, only the start
// is cut; frames past the count declared come in whole groups again. Which encoders cut their
// ends at all is the encoder's choice (video/Encoder.cpp).
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
  // The groups at the ends (groupFrames where they are not cut).
  int shortGroupFrames() const { return shortFrames_; }

 private:
  GroupPlan(int groupFrames, int lanes, std::int64_t expectedFrames, int shortFrames);
  // Which group `frame` is in (counted from the first frame), and whether it begins it.
  struct Place {
    std::int64_t group;
    bool first;
  };
  Place place(std::int64_t frame) const;

  int groupFrames_;
  int lanes_;
  int shortFrames_;
  // Frames before headEnd_ come in short groups, then whole ones until tailStart_ (the last of
  // them cut there), short ones again until tailEnd_ (the count declared), whole ones after it.
  std::int64_t headEnd_;
  std::int64_t tailStart_;
  std::int64_t tailEnd_;
};

}  // namespace fftscope::video
