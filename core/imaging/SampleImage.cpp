#include "imaging/SampleImage.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace fftscope::imaging {
namespace {

constexpr int kSize = 512;

// Both stripe frequencies fall on FFT bins of the 512-point transform: (80, 48) and (0, 64).
const std::vector<StripePattern> kStripes{{80.0 / kSize, 48.0 / kSize, 16.0}, {0.0, 64.0 / kSize, 12.0}};

double mix(double a, double b, double t) { return a + (b - a) * std::clamp(t, 0.0, 1.0); }

// A pseudo-random value in [-1, 1] for a lattice point (integer hash, the same on every machine).
double latticeValue(int ix, int iy, std::uint32_t seed) {
  std::uint32_t h = std::uint32_t(ix) * 0x8da6b343u ^ std::uint32_t(iy) * 0xd8163841u ^ seed * 0xcb1ab31fu;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return double(h) / 2147483647.5 - 1.0;
}

// Value noise: lattice values every `cell` pixels, blended with a smoothstep.
double valueNoise(double x, double y, int cell, std::uint32_t seed) {
  const double u = x / cell, v = y / cell;
  const int ix = int(std::floor(u)), iy = int(std::floor(v));
  const auto smooth = [](double t) { return t * t * (3.0 - 2.0 * t); };
  const double sx = smooth(u - ix), sy = smooth(v - iy);
  const double top = mix(latticeValue(ix, iy, seed), latticeValue(ix + 1, iy, seed), sx);
  const double bottom = mix(latticeValue(ix, iy + 1, seed), latticeValue(ix + 1, iy + 1, seed), sx);
  return mix(top, bottom, sy);
}

// How much of the pixel at distance `inside` within an edge is covered (about one pixel of ramp).
double coverage(double inside) { return std::clamp(inside + 0.5, 0.0, 1.0); }

double scene(double x, double y) {
  double v = 70.0 + 60.0 * (x + y) / (2.0 * (kSize - 1));  // diagonal gradient
  v = mix(v, 195.0, coverage(90.0 - std::hypot(x - 170.0, y - 180.0)));  // disc
  const double ringRadius = std::hypot(x - 370.0, y - 370.0);
  v = mix(v, 165.0, coverage(std::min(ringRadius - 55.0, 85.0 - ringRadius)));  // ring
  v = mix(v, 45.0, coverage(std::min({x - 300.0, 470.0 - x, y - 60.0, 220.0 - y})));  // rectangle
  const double angle = std::numbers::pi / 6.0, dx = x - 150.0, dy = y - 420.0;
  const double along = dx * std::cos(angle) + dy * std::sin(angle);
  const double across = -dx * std::sin(angle) + dy * std::cos(angle);
  v = mix(v, 120.0 + 0.3 * along, coverage(std::min(110.0 - std::abs(along), 14.0 - std::abs(across))));  // bar
  return v + 7.0 * valueNoise(x, y, 32, 1) + 4.0 * valueNoise(x, y, 8, 2);  // texture
}

Image greyImage() {
  Image image;
  image.width = kSize;
  image.height = kSize;
  image.data.resize(std::size_t(kSize) * kSize);
  return image;
}

}  // namespace

SampleImage makeSampleImage() {
  SampleImage sample{greyImage(), greyImage(), kStripes};
  for (int y = 0; y < kSize; ++y)
    for (int x = 0; x < kSize; ++x) {
      const double clean = scene(x, y);
      double stripes = 0.0;
      for (const StripePattern& s : kStripes)
        stripes += s.amplitude * std::cos(2.0 * std::numbers::pi * (s.fx * x + s.fy * y));
      const std::size_t i = std::size_t(y) * kSize + std::size_t(x);
      sample.clean.data[i] = float(std::clamp(std::round(clean), 0.0, 255.0));
      sample.noisy.data[i] = float(std::clamp(std::round(clean + stripes), 0.0, 255.0));
    }
  return sample;
}

}  // namespace fftscope::imaging
