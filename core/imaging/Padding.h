// A plane is transformed at its own size (None: the engine takes any size, and the spectrum has
// no padding lines through DC), or padded to the next power of two in each dimension before the
// FFT and cropped back afterwards. A padded image sits in the middle of the padded plane, so that
// with mirror padding both of its edges meet their own reflection and the wrap-around seam of the
// periodic FFT lies in the padding, away from the image.
#pragma once

#include <vector>

namespace fftscope::imaging {

enum class PadMode {
  Zero,    // zeros
  Mean,    // the plane's mean
  Mirror,  // the image reflected about its edges, edge samples repeated (... b a | a b ...)
  None,    // no padding: the exact size
};

struct PadGeometry {
  int width = 0;  // the image
  int height = 0;
  int paddedWidth = 0;  // next powers of two, or the image's own size with PadMode::None
  int paddedHeight = 0;
  int offsetX = 0;  // where the image's top-left pixel lies in the padded plane
  int offsetY = 0;
};

// The smallest power of two >= n (n >= 1).
int nextPowerOfTwo(int n);

// Throws std::invalid_argument for sizes below 1 or above 2^30.
PadGeometry padGeometry(int width, int height, PadMode mode = PadMode::Mirror);

// plane: width * height samples, row-major. Returns paddedWidth * paddedHeight samples.
std::vector<float> padPlane(const std::vector<float>& plane, const PadGeometry& geometry, PadMode mode);

// The image's part of a padded plane, cut out in the plane's own memory (pass an rvalue to spare
// a copy).
std::vector<float> cropPlane(std::vector<float> padded, const PadGeometry& geometry);

}  // namespace fftscope::imaging
