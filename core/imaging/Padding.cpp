#include "imaging/Padding.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace fftscope::imaging {
namespace {

// Index into the image for padded position p: reflected about the edges (pad < n on each side,
// so one reflection is enough).
int mirrorIndex(int p, int offset, int n) {
  const int i = p - offset;
  if (i < 0) return -i - 1;
  if (i >= n) return 2 * n - i - 1;
  return i;
}

}  // namespace

int nextPowerOfTwo(int n) {
  int p = 1;
  while (p < n) p *= 2;
  return p;
}

PadGeometry padGeometry(int width, int height, PadMode mode) {
  constexpr int kLargest = 1 << 30;
  if (width < 1 || height < 1 || width > kLargest || height > kLargest)
    throw std::invalid_argument("cannot pad a " + std::to_string(width) + " x " + std::to_string(height) + " image");
  PadGeometry g;
  g.width = width;
  g.height = height;
  g.paddedWidth = mode == PadMode::None ? width : nextPowerOfTwo(width);
  g.paddedHeight = mode == PadMode::None ? height : nextPowerOfTwo(height);
  g.offsetX = (g.paddedWidth - width) / 2;
  g.offsetY = (g.paddedHeight - height) / 2;
  return g;
}

std::vector<float> padPlane(const std::vector<float>& plane, const PadGeometry& g, PadMode mode) {
  const std::size_t w = std::size_t(g.width), pw = std::size_t(g.paddedWidth);
  if (plane.size() != w * std::size_t(g.height))
    throw std::invalid_argument("padPlane: the plane does not match the geometry");
  float fill = 0.0f;
  if (mode == PadMode::Mean)
    fill = float(std::accumulate(plane.begin(), plane.end(), 0.0) / double(plane.size()));
  std::vector<float> padded(pw * std::size_t(g.paddedHeight), fill);
  for (int py = 0; py < g.paddedHeight; ++py) {
    const int y = mirrorIndex(py, g.offsetY, g.height);
    const bool insideRows = py >= g.offsetY && py < g.offsetY + g.height;
    if (mode != PadMode::Mirror && !insideRows) continue;
    float* out = &padded[std::size_t(py) * pw];
    const float* row = &plane[std::size_t(y) * w];
    for (int px = 0; px < g.paddedWidth; ++px) {
      const bool inside = insideRows && px >= g.offsetX && px < g.offsetX + g.width;
      if (mode == PadMode::Mirror || inside) out[px] = row[mirrorIndex(px, g.offsetX, g.width)];
    }
  }
  return padded;
}

std::vector<float> cropPlane(std::vector<float> padded, const PadGeometry& g) {
  const std::size_t w = std::size_t(g.width), pw = std::size_t(g.paddedWidth);
  if (padded.size() != pw * std::size_t(g.paddedHeight))
    throw std::invalid_argument("cropPlane: the plane does not match the geometry");
  // Row y moves from (y + offsetY) * pw + offsetX down to y * w: never onto a row still to be moved.
  for (int y = 0; y < g.height; ++y) {
    const float* row = &padded[std::size_t(y + g.offsetY) * pw + std::size_t(g.offsetX)];
    float* to = &padded[std::size_t(y) * w];
    if (to != row) std::copy(row, row + w, to);
  }
  padded.resize(w * std::size_t(g.height));
  return padded;
}

}  // namespace fftscope::imaging
