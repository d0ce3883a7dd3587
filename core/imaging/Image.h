// An image as the Image workspace holds it. Samples are floats in the file's own integer scale
// (0..255 for 8-bit, 0..65535 for 16-bit), stored INTERLEAVED row by row, top row first:
// data[(y * width + x) * channels + c], with c = 0, 1, 2 for R, G, B in colour images.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace fftscope::imaging {

struct Image {
  int width = 0;
  int height = 0;
  int channels = 1;  // 1 (grey) or 3 (RGB)
  int bitDepth = 8;  // 8 or 16
  std::vector<float> data;           // width * height * channels samples, interleaved
  std::vector<std::string> notices;  // what reading changed, e.g. "alpha channel dropped"

  std::size_t pixelCount() const { return std::size_t(width) * std::size_t(height); }
};

// 255 for 8-bit, 65535 for 16-bit.
float maxSampleValue(int bitDepth);

// Throws std::invalid_argument naming what is inconsistent (size, channels, depth, data length).
void validateImage(const Image& image);

// One channel as a plane of width * height samples.
std::vector<float> channelPlane(const Image& image, int channel);

// Luminance Y = 0.299 R + 0.587 G + 0.114 B (Rec. 601, as OpenCV's grey conversion); a grey
// image's own samples.
std::vector<float> luminancePlane(const Image& image);

}  // namespace fftscope::imaging
