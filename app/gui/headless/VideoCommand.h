// `fftscope filter IN.mp4 -o OUT.mp4 [filter options]`: every frame of a video through the image
// filter (video/VideoFilter.h), with a progress line on a terminal and, with --timings, the time
// each pipeline stage took.
#pragma once

#include "engine/BackendChoice.h"
#include "video/VideoFilter.h"

#include <ostream>
#include <string>

namespace fftscope::gui {

struct VideoCommandOptions {
  std::string input;
  std::string output;
  video::VideoFilterSettings settings;
  bool quiet = false;
  bool timings = false;
};

// Writes the report to out and notices and progress to err; throws std::runtime_error on failure.
int runVideoFilter(const VideoCommandOptions& options, ChosenBackend& chosen, std::ostream& out, std::ostream& err);

}  // namespace fftscope::gui
