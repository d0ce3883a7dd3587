#include "imaging/PeakSnap.h"

#include <algorithm>
#include <cmath>
#include <vector>
#include <complex>

namespace fftscope::imaging {

SnappedBin snapToPeak(const SpectrumMagnitudes& s, double fx, double fy, int reach) {
  const int kx0 = int(std::lround(fx * s.cols)), ky0 = int(std::lround(fy * s.rows));
  SnappedBin best{double(kx0) / s.cols, double(ky0) / s.rows, kx0, ky0};
  float strongest = -1.0f;
  for (int dy = -reach; dy <= reach; ++dy)
    for (int dx = -reach; dx <= reach; ++dx) {
      const int kx = kx0 + dx, ky = ky0 + dy;
      if (kx * kx + ky * ky <= 4) continue;  // never snap onto DC
      const int bx = ((kx % s.cols) + s.cols) % s.cols, by = ((ky % s.rows) + s.rows) % s.rows;
      const float m = s.at(bx, by);
      if (m > strongest) {
        strongest = m;
        best = {double(kx) / s.cols, double(ky) / s.rows, kx, ky};
      }
    }
  return best;
}

}  // namespace fftscope::imaging

namespace fftscope::imaging {

std::optional<SnappedBin> snapToProminentPeak(const SpectrumMagnitudes& s, double fx, double fy, int reach,
                                              double minRatio) {
  if (reach <= 0) return std::nullopt;
  const SnappedBin peak = snapToPeak(s, fx, fy, reach);
  const int kx0 = int(std::lround(fx * s.cols)), ky0 = int(std::lround(fy * s.rows));
  if (peak.kx == kx0 && peak.ky == ky0) return std::nullopt;
  auto magnitude = [&s](int kx, int ky) {
    const int bx = ((kx % s.cols) + s.cols) % s.cols, by = ((ky % s.rows) + s.rows) % s.rows;
    return s.at(bx, by);
  };
  // A peak stands out from the neighbourhood's median: the largest of many noise bins does not.
  std::vector<float> around;
  for (int dy = -reach; dy <= reach; ++dy)
    for (int dx = -reach; dx <= reach; ++dx) around.push_back(magnitude(kx0 + dx, ky0 + dy));
  std::nth_element(around.begin(), around.begin() + std::ptrdiff_t(around.size() / 2), around.end());
  if (magnitude(peak.kx, peak.ky) < minRatio * around[around.size() / 2]) return std::nullopt;
  return peak;
}

SnappedBin snapToPeak(const Spectrum& s, double fx, double fy, int reach) {
  return snapToPeak(magnitudesOf(s), fx, fy, reach);
}

std::optional<SnappedBin> snapToProminentPeak(const Spectrum& s, double fx, double fy, int reach, double minRatio) {
  return snapToProminentPeak(magnitudesOf(s), fx, fy, reach, minRatio);
}

int snapReach(double screenPixelsPerBin, double screenPixels) {
  if (!(screenPixelsPerBin > 0)) return 0;
  if (screenPixelsPerBin >= 2.0 * screenPixels) return 0;  // bins as large as the pointer's slack
  return int(std::ceil(screenPixels / screenPixelsPerBin));
}

}  // namespace fftscope::imaging
