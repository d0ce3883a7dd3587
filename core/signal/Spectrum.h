// One-sided spectrum estimation of a real signal. Scales (A: a sine's peak amplitude in full-scale
// units; k = 0 .. M/2, M the FFT size, L the window length, w the window, c_k = 2 except at DC
// and Nyquist where it is 1, P_k the mean |X_k|^2 over segments):
//   linear  A_k  = c_k sqrt(P_k) / sum(w)           (coherent gain corrected: a sine of amplitude a reads a)
//   dBFS    20 log10 A_k                            (a full-scale sine reads 0 dBFS)
//   PSD     10 log10(c_k P_k / (fs sum(w^2)))  dB/Hz re 1 FS^2/Hz   (ENBW corrected: white noise of
//           variance s^2 reads 2 s^2 / fs)
// Without averaging the whole selection is one segment and M = max(fftSize, L) (zero padded).
// Welch: segments of L = segmentLength (default fftSize) samples, hop L (1 - overlap), each
// windowed, zero padded to M = fftSize, |X|^2 averaged.
#pragma once

#include "signal/ReadControl.h"
#include "signal/Window.h"

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

namespace fftscope::signal {

enum class SpectrumScale { Dbfs, Linear, Psd };
enum class Averaging { None, Welch };

std::string_view toString(SpectrumScale);  // dbfs, linear, psd
std::string_view unitOf(SpectrumScale);     // dBFS, FS, dB/Hz
SpectrumScale parseSpectrumScale(std::string_view);

struct SpectrumSettings {
  WindowSpec window;
  std::size_t fftSize = 4096;
  std::size_t segmentLength = 0;  // Welch only; 0: fftSize
  Averaging averaging = Averaging::None;
  double overlap = 0.5;           // Welch only, in [0, 1)
  SpectrumScale scale = SpectrumScale::Dbfs;
};

struct Spectrum {
  double sampleRate = 0.0;
  std::size_t fftSize = 0;        // M
  std::size_t segmentLength = 0;  // L
  std::size_t segments = 0;
  WindowSpec window;
  WindowMetrics metrics;          // of the L-point window
  double windowSum = 0.0;
  double windowSquareSum = 0.0;
  SpectrumScale scale = SpectrumScale::Dbfs;
  std::vector<double> meanPower;  // P_k, k = 0 .. M/2
  std::vector<double> levels;     // in `scale`

  std::size_t bins() const { return meanPower.size(); }
  double binWidth() const { return sampleRate / double(fftSize); }
  double frequency(double bin) const { return bin * binWidth(); }
};

// Throws std::invalid_argument before any work for an empty selection, a rate <= 0, an FFT
// size < 2, an overlap outside [0, 1) or a segment longer than the FFT.
Spectrum estimateSpectrum(std::span<const float> samples, double sampleRate, const SpectrumSettings& settings,
                          const ReadControl& control = {});

// The same estimate in another scale.
std::vector<double> levelsIn(const Spectrum& spectrum, SpectrumScale scale);
// Floor of the dB scales, for bins of exactly zero.
constexpr double kSpectrumFloorDb = -400.0;

}  // namespace fftscope::signal
