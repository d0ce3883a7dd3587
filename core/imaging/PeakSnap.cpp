#include "imaging/PeakSnap.h"

#include <cmath>
#include <complex>

namespace fftscope::imaging {

SnappedBin snapToPeak(const Spectrum& s, double fx, double fy, int reach) {
  const int kx0 = int(std::lround(fx * s.cols)), ky0 = int(std::lround(fy * s.rows));
  SnappedBin best{double(kx0) / s.cols, double(ky0) / s.rows, kx0, ky0};
  float strongest = -1.0f;
  for (int dy = -reach; dy <= reach; ++dy)
    for (int dx = -reach; dx <= reach; ++dx) {
      const int kx = kx0 + dx, ky = ky0 + dy;
      if (kx * kx + ky * ky <= 4) continue;  // never snap onto DC
      const int bx = ((kx % s.cols) + s.cols) % s.cols, by = ((ky % s.rows) + s.rows) % s.rows;
      const float m = std::abs(s.bins[std::size_t(by) * std::size_t(s.cols) + std::size_t(bx)]);
      if (m > strongest) {
        strongest = m;
        best = {double(kx) / s.cols, double(ky) / s.rows, kx, ky};
      }
    }
  return best;
}

}  // namespace fftscope::imaging
