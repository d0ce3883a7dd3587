#include "signal/Spectrum.h"

#include "io/MemoryBudget.h"
#include "signal/Overlap.h"
#include "signal/RealFft.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>
#include <string>

namespace fftscope::signal {

std::string_view toString(SpectrumScale scale) {
  switch (scale) {
    case SpectrumScale::Dbfs: return "dbfs";
    case SpectrumScale::Linear: return "linear";
    case SpectrumScale::Psd: return "psd";
  }
  return "?";
}

std::string_view unitOf(SpectrumScale scale) {
  switch (scale) {
    case SpectrumScale::Dbfs: return "dBFS";
    case SpectrumScale::Linear: return "FS";
    case SpectrumScale::Psd: return "dB/Hz";
  }
  return "?";
}

SpectrumScale parseSpectrumScale(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  for (SpectrumScale s : {SpectrumScale::Dbfs, SpectrumScale::Linear, SpectrumScale::Psd})
    if (lower == toString(s)) return s;
  throw std::invalid_argument("unknown spectrum scale '" + std::string(name) + "'; choose dbfs, linear or psd");
}

std::vector<double> levelsIn(const Spectrum& spectrum, SpectrumScale scale) {
  std::vector<double> levels(spectrum.bins());
  const std::size_t nyquist = spectrum.fftSize % 2 == 0 ? spectrum.fftSize / 2 : spectrum.bins();
  for (std::size_t k = 0; k < levels.size(); ++k) {
    const double sides = (k == 0 || k == nyquist) ? 1.0 : 2.0;
    const double p = spectrum.meanPower[k];
    switch (scale) {
      case SpectrumScale::Linear: levels[k] = sides * std::sqrt(p) / spectrum.windowSum; break;
      case SpectrumScale::Dbfs: {
        const double a = sides * std::sqrt(p) / spectrum.windowSum;
        levels[k] = a > 0.0 ? std::max(kSpectrumFloorDb, 20.0 * std::log10(a)) : kSpectrumFloorDb;
        break;
      }
      case SpectrumScale::Psd: {
        const double psd = sides * p / (spectrum.sampleRate * spectrum.windowSquareSum);
        levels[k] = psd > 0.0 ? std::max(kSpectrumFloorDb, 10.0 * std::log10(psd)) : kSpectrumFloorDb;
        break;
      }
    }
  }
  return levels;
}

Spectrum estimateSpectrum(std::span<const float> samples, double sampleRate, const SpectrumSettings& settings,
                          const ReadControl& control) {
  if (samples.empty()) throw std::invalid_argument("a spectrum of no samples");
  if (!(sampleRate > 0.0) || !std::isfinite(sampleRate))
    throw std::invalid_argument("the sample rate must be positive");
  if (settings.fftSize < 2 || settings.fftSize > kLongestRealFft)
    throw std::invalid_argument("an FFT size of " + std::to_string(settings.fftSize) + "; it is 2 to " +
                                std::to_string(kLongestRealFft));
  const bool welch = settings.averaging == Averaging::Welch;

  std::size_t length = samples.size();
  std::size_t fftSize = std::max(settings.fftSize, length);
  std::size_t hop = length;
  if (welch) {
    const std::size_t asked = settings.segmentLength ? settings.segmentLength : settings.fftSize;
    if (asked > settings.fftSize)
      throw std::invalid_argument("a segment of " + std::to_string(asked) + " samples does not fit an FFT of " +
                                  std::to_string(settings.fftSize));
    length = std::min(asked, samples.size());
    fftSize = settings.fftSize;
    // The overlap is judged on the segment asked for; a selection shorter than that is one segment.
    const std::size_t askedHop = hopForOverlap(asked, settings.overlap);
    hop = length < asked ? length : askedHop;
  }
  // The window, the mean power and the levels, and the transform's arrays.
  io::requireMemory(io::bytesOf(length, sizeof(double)) + io::bytesOf(fftSize / 2 + 1, 2 * sizeof(double)) +
                        RealFft::workingBytes(fftSize),
                    "a spectrum of FFT size " + std::to_string(fftSize));
  const std::size_t segments = 1 + (samples.size() - length) / hop;

  Spectrum spectrum;
  spectrum.sampleRate = sampleRate;
  spectrum.fftSize = fftSize;
  spectrum.segmentLength = length;
  spectrum.segments = segments;
  spectrum.window = settings.window;
  spectrum.scale = settings.scale;
  const std::vector<double> window = makeWindow(settings.window, length);
  spectrum.metrics = windowMetrics(window);
  for (double w : window) {
    spectrum.windowSum += w;
    spectrum.windowSquareSum += w * w;
  }

  RealFft fft(fftSize);
  spectrum.meanPower.assign(fft.bins(), 0.0);
  std::fill(fft.real(), fft.real() + fftSize, 0.0);
  control.step(0.0);
  for (std::size_t s = 0; s < segments; ++s) {
    const float* in = samples.data() + s * hop;
    double* real = fft.real();
    for (std::size_t i = 0; i < length; ++i) real[i] = window[i] * double(in[i]);
    std::fill(real + length, real + fftSize, 0.0);
    fft.forward();
    const std::complex<double>* bins = fft.spectrum();
    for (std::size_t k = 0; k < spectrum.meanPower.size(); ++k) spectrum.meanPower[k] += std::norm(bins[k]);
    if ((s & 63) == 63) control.step(double(s + 1) / double(segments));
  }
  for (double& p : spectrum.meanPower) p /= double(segments);
  spectrum.levels = levelsIn(spectrum, settings.scale);
  control.step(1.0);
  return spectrum;
}

}  // namespace fftscope::signal
