// Test videos made with OpenCV (moving stripes over a gradient, colour or grey) and frames read
// back, for the video filter's tests.
#pragma once

#include "imaging/Image.h"

#include <filesystem>
#include <string>
#include <vector>

namespace fftscope::video::test {

// Writes `frames` frames of width x height at fps with the FourCC given (an empty fourcc writes
// nothing but the container, when OpenCV allows it). Fails the test if OpenCV cannot.
void makeStripesVideo(const std::filesystem::path& path, const std::string& fourcc, int width, int height,
                      int frames, double fps, bool grey);

struct DecodedVideo {
  std::vector<imaging::Image> frames;  // as VideoReader gives them
  int width = 0;
  int height = 0;
  double fps = 0;
  long declaredFrames = 0;
};
DecodedVideo decodeAll(const std::filesystem::path& path);

// Whether each of the file's packets, in the order stored, holds a key frame (OpenCV's raw
// packets); empty where OpenCV cannot open the file.
std::vector<bool> keyFrames(const std::filesystem::path& path);

// Largest and mean absolute difference between two images of one size and channels.
struct Difference {
  double max = 0;
  double mean = 0;
};
Difference difference(const imaging::Image& a, const imaging::Image& b);

}  // namespace fftscope::video::test
