#include "imaging/Image.h"

#include <stdexcept>

namespace fftscope::imaging {

float maxSampleValue(int bitDepth) { return bitDepth == 16 ? 65535.0f : 255.0f; }

void validateImage(const Image& image) {
  if (image.width <= 0 || image.height <= 0)
    throw std::invalid_argument("image has no pixels (" + std::to_string(image.width) + " x " +
                                std::to_string(image.height) + ")");
  if (image.channels != 1 && image.channels != 3)
    throw std::invalid_argument("image has " + std::to_string(image.channels) +
                                " channels; 1 (grey) or 3 (RGB) expected");
  if (image.bitDepth != 8 && image.bitDepth != 16)
    throw std::invalid_argument("image has bit depth " + std::to_string(image.bitDepth) +
                                "; 8 or 16 expected");
  const std::size_t expected = image.pixelCount() * std::size_t(image.channels);
  if (image.data.size() != expected)
    throw std::invalid_argument("image data holds " + std::to_string(image.data.size()) +
                                " samples; " + std::to_string(expected) + " expected");
}

std::vector<float> channelPlane(const Image& image, int channel) {
  if (channel < 0 || channel >= image.channels)
    throw std::invalid_argument("channel " + std::to_string(channel) + " out of range");
  std::vector<float> plane(image.pixelCount());
  for (std::size_t i = 0; i < plane.size(); ++i)
    plane[i] = image.data[i * std::size_t(image.channels) + std::size_t(channel)];
  return plane;
}

std::vector<float> luminancePlane(const Image& image) {
  if (image.channels == 1) return image.data;
  std::vector<float> plane(image.pixelCount());
  for (std::size_t i = 0; i < plane.size(); ++i) {
    const float* rgb = &image.data[i * 3];
    plane[i] = 0.299f * rgb[0] + 0.587f * rgb[1] + 0.114f * rgb[2];
  }
  return plane;
}

}  // namespace fftscope::imaging
