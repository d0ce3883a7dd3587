#include "imaging/SpectrumProfiles.h"

#include "imaging/SpectrumLayout.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace fftscope::imaging {
namespace {

double levelDb(double magnitude, int rows, int cols) {
  const double level = 20.0 * std::log10(magnitude / (double(rows) * cols));
  return std::isfinite(level) ? std::max(level, kFloorDb) : kFloorDb;
}

}  // namespace

double binLevelDb(const SpectrumMagnitudes& s, int binX, int binY) { return levelDb(s.at(binX, binY), s.rows, s.cols); }

RadialProfile radialProfile(const SpectrumMagnitudes& s) {
  if (s.empty()) throw std::invalid_argument("radial profile of an empty spectrum");
  RadialProfile p;
  const int n = std::min(s.rows, s.cols);
  p.step = 1.0 / n;
  const int rings = n / 2 + 1;
  std::vector<double> sum(std::size_t(rings), 0.0);
  p.count.assign(std::size_t(rings), 0);
  for (int y = 0; y < s.rows; ++y) {
    const double fy = binFrequency(y, s.rows);
    for (int x = 0; x < s.cols; ++x) {
      const double f = std::hypot(binFrequency(x, s.cols), fy);
      const auto ring = std::size_t(std::lround(f / p.step));
      if (ring >= std::size_t(rings)) continue;
      sum[ring] += binLevelDb(s, x, y);
      ++p.count[ring];
    }
  }
  for (int i = 0; i < rings; ++i) {
    if (p.count[std::size_t(i)] == 0) continue;  // cannot happen for i <= n / 2, kept for safety
    p.radius.push_back(i * p.step);
    p.meanDb.push_back(sum[std::size_t(i)] / p.count[std::size_t(i)]);
  }
  p.count.erase(std::remove(p.count.begin(), p.count.end(), 0), p.count.end());
  return p;
}

LineProfile lineProfile(const SpectrumMagnitudes& s, double fx0, double fy0, double fx1, double fy1) {
  if (s.empty()) throw std::invalid_argument("line profile of an empty spectrum");
  LineProfile p;
  const double dxBins = (fx1 - fx0) * s.cols, dyBins = (fy1 - fy0) * s.rows;
  const int steps = std::max(1, int(std::ceil(std::hypot(dxBins, dyBins))));
  const double length = std::hypot(fx1 - fx0, fy1 - fy0);
  for (int i = 0; i <= steps; ++i) {
    const double t = double(i) / steps;
    const int kx = int(std::lround((fx0 + t * (fx1 - fx0)) * s.cols));
    const int ky = int(std::lround((fy0 + t * (fy1 - fy0)) * s.rows));
    const int bx = ((kx % s.cols) + s.cols) % s.cols, by = ((ky % s.rows) + s.rows) % s.rows;
    p.distance.push_back(t * length);
    p.fx.push_back(binFrequency(bx, s.cols));
    p.fy.push_back(binFrequency(by, s.rows));
    p.levelDb.push_back(binLevelDb(s, bx, by));
  }
  return p;
}

RadialProfile radialProfile(const Spectrum& s) { return radialProfile(magnitudesOf(s)); }

LineProfile lineProfile(const Spectrum& s, double fx0, double fy0, double fx1, double fy1) {
  return lineProfile(magnitudesOf(s), fx0, fy0, fx1, fy1);
}

double binLevelDb(const Spectrum& s, int binX, int binY) {
  return levelDb(std::abs(s.bins[std::size_t(binY) * std::size_t(s.cols) + std::size_t(binX)]), s.rows, s.cols);
}

}  // namespace fftscope::imaging
