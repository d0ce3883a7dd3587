#include "imaging/RegionSpectrum.h"

#include "imaging/Padding.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace fftscope::imaging {

Region clipRegion(const Region& r, int imageWidth, int imageHeight) {
  const int x0 = std::clamp(r.x, 0, imageWidth), y0 = std::clamp(r.y, 0, imageHeight);
  const int x1 = std::clamp(r.x + r.width, 0, imageWidth), y1 = std::clamp(r.y + r.height, 0, imageHeight);
  const Region clipped{x0, y0, x1 - x0, y1 - y0};
  if (clipped.width < kMinRegionSide || clipped.height < kMinRegionSide)
    throw std::invalid_argument("the selection (" + std::to_string(clipped.width) + " x " +
                                std::to_string(clipped.height) + " pixels inside the image) is smaller than " +
                                std::to_string(kMinRegionSide) + " x " + std::to_string(kMinRegionSide));
  return clipped;
}

std::vector<float> hannWindow(int n) {
  std::vector<float> w(std::size_t(std::max(n, 0)));
  for (int i = 0; i < n; ++i) w[std::size_t(i)] = float(0.5 * (1.0 - std::cos(2.0 * std::numbers::pi * (i + 0.5) / n)));
  return w;
}

std::vector<float> windowedRegion(const Image& image, const Region& region) {
  const Region r = clipRegion(region, image.width, image.height);
  const std::vector<float> wx = hannWindow(r.width), wy = hannWindow(r.height);
  std::vector<float> plane(std::size_t(r.width) * std::size_t(r.height));
  for (int y = 0; y < r.height; ++y)
    for (int x = 0; x < r.width; ++x) {
      const std::size_t at = (std::size_t(r.y + y) * std::size_t(image.width) + std::size_t(r.x + x)) *
                             std::size_t(image.channels);
      const float v = image.channels == 3
                          ? 0.299f * image.data[at] + 0.587f * image.data[at + 1] + 0.114f * image.data[at + 2]
                          : image.data[at];
      plane[std::size_t(y) * std::size_t(r.width) + std::size_t(x)] = v * wx[std::size_t(x)] * wy[std::size_t(y)];
    }
  return plane;
}

Spectrum regionSpectrum(const Image& image, const Region& region, FftBackend& fft) {
  const Region r = clipRegion(region, image.width, image.height);
  const std::vector<float> plane = windowedRegion(image, r);
  const PadGeometry g = padGeometry(r.width, r.height);
  Spectrum s{g.paddedHeight, g.paddedWidth,
             std::vector<std::complex<float>>(std::size_t(g.paddedHeight) * std::size_t(g.paddedWidth))};
  // Zero beyond the region: the window has already brought its edges down.
  for (int y = 0; y < r.height; ++y)
    for (int x = 0; x < r.width; ++x)
      s.bins[std::size_t(y) * std::size_t(s.cols) + std::size_t(x)] = plane[std::size_t(y) * std::size_t(r.width) + std::size_t(x)];
  fft.forward(s.bins.data(), s.rows, s.cols);
  return s;
}

}  // namespace fftscope::imaging
