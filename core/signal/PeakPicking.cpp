#include "signal/PeakPicking.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <stdexcept>

namespace fftscope::signal {
namespace {

// |sum_n w[n] exp(-2 pi i d n / M)| by rotation (one complex product per sample).
double windowTransform(const std::vector<double>& window, std::size_t fftSize, double d) {
  const double angle = -2.0 * std::numbers::pi * d / double(fftSize);
  const std::complex<double> step(std::cos(angle), std::sin(angle));
  std::complex<double> phase(1.0, 0.0), sum(0.0, 0.0);
  for (std::size_t n = 0; n < window.size(); ++n) {
    sum += window[n] * phase;
    phase *= step;
    if ((n & 1023) == 1023) phase /= std::abs(phase);  // keep the rotation on the unit circle
  }
  return std::abs(sum);
}

// d in [0, s/2] with W(s - d) / W(d) = ratio (the ratio grows with d inside the main lobe).
double offsetForRatio(const std::vector<double>& window, std::size_t fftSize, double s, double ratio) {
  const auto g = [&](double d) { return windowTransform(window, fftSize, s - d) / windowTransform(window, fftSize, d); };
  double lo = 0.0, hi = 0.5 * s;
  if (ratio <= g(lo)) return lo;
  if (ratio >= 1.0) return hi;
  for (int i = 0; i < 40; ++i) {
    const double mid = 0.5 * (lo + hi);
    (g(mid) < ratio ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

double sidesAt(const Spectrum& spectrum, std::size_t bin) {
  const bool edge = bin == 0 || (spectrum.fftSize % 2 == 0 && bin == spectrum.fftSize / 2);
  return edge ? 1.0 : 2.0;
}

SpectralPeak refineWith(const Spectrum& spectrum, const std::vector<double>& window, std::size_t k) {
  SpectralPeak peak;
  peak.bin = k;
  const auto magnitude = [&](std::size_t i) { return std::sqrt(spectrum.meanPower[i]); };
  // Neighbours one unpadded bin away: with zero padding, adjacent bins differ too little near
  // the top of a flat main lobe (flat-top) for their ratio to say where the tone is.
  const std::size_t s = std::max<std::size_t>(1, std::size_t(std::llround(double(spectrum.fftSize) / double(window.size()))));
  double d = 0.0;
  if (k >= s && k + s < spectrum.bins()) {
    const double left = magnitude(k - s), centre = magnitude(k), right = magnitude(k + s);
    if (centre > 0.0) {
      const bool up = right >= left;
      d = offsetForRatio(window, spectrum.fftSize, double(s), (up ? right : left) / centre);
      if (!up) d = -d;
    }
  }
  peak.fractionalBin = double(k) + d;
  peak.frequencyHz = spectrum.frequency(peak.fractionalBin);
  const double kernel = windowTransform(window, spectrum.fftSize, std::abs(d));
  peak.amplitude = kernel > 0.0 ? sidesAt(spectrum, k) * magnitude(k) / kernel : 0.0;
  peak.levelDbfs = peak.amplitude > 0.0 ? 20.0 * std::log10(peak.amplitude) : kSpectrumFloorDb;
  return peak;
}

// The median of the mean power within `reach` bins either side of k.
double localFloor(const std::vector<double>& p, std::size_t k, std::size_t reach) {
  const std::size_t first = k > reach ? k - reach : 0, last = std::min(p.size(), k + reach + 1);
  std::vector<double> near(p.begin() + std::ptrdiff_t(first), p.begin() + std::ptrdiff_t(last));
  auto middle = near.begin() + std::ptrdiff_t(near.size() / 2);
  std::nth_element(near.begin(), middle, near.end());
  return *middle;
}

}  // namespace

SpectralPeak refinePeak(const Spectrum& spectrum, std::size_t bin) {
  if (bin >= spectrum.bins()) throw std::out_of_range("bin " + std::to_string(bin) + " of a spectrum of " +
                                                      std::to_string(spectrum.bins()));
  return refineWith(spectrum, makeWindow(spectrum.window, spectrum.segmentLength), bin);
}

std::vector<SpectralPeak> findPeaks(const Spectrum& spectrum, std::size_t maxPeaks, double minLevelDbfs,
                                    double minProminenceDb) {
  const auto& p = spectrum.meanPower;
  std::vector<std::size_t> maxima;
  for (std::size_t k = 1; k + 1 < p.size(); ++k)
    if (p[k] > p[k - 1] && p[k] >= p[k + 1]) maxima.push_back(k);
  std::sort(maxima.begin(), maxima.end(), [&](std::size_t a, std::size_t b) { return p[a] > p[b]; });
  const std::vector<double> window = makeWindow(spectrum.window, spectrum.segmentLength);
  const std::size_t padding = std::max<std::size_t>(1, std::size_t(std::llround(double(spectrum.fftSize) / double(window.size()))));
  const double prominence = std::pow(10.0, minProminenceDb / 10.0);
  std::vector<SpectralPeak> peaks;
  for (std::size_t k : maxima) {
    if (peaks.size() >= maxPeaks) break;
    if (!(p[k] >= prominence * localFloor(p, k, kNoiseFloorBins * padding))) continue;
    SpectralPeak peak = refineWith(spectrum, window, k);
    if (peak.levelDbfs < minLevelDbfs) break;  // maxima are sorted, weaker ones follow
    peaks.push_back(peak);
  }
  return peaks;
}

}  // namespace fftscope::signal
