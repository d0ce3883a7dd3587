// Analysis windows, periodic (DFT-even: w[n] for n = 0..N-1 of a window of period N), as used
// for spectra. The metrics are computed from the samples themselves:
//   coherent gain  CG   = sum(w) / N          (a sine's peak is scaled by CG)
//   ENBW in bins        = N sum(w^2) / sum(w)^2  (bins of width fs / N; Hann: 1.5)
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope::signal {

enum class WindowKind { Rectangular, Hann, Hamming, Blackman, BlackmanHarris, FlatTop, Kaiser, Gaussian };

struct WindowSpec {
  WindowKind kind = WindowKind::Hann;
  // Kaiser: beta (default 8.6); Gaussian: sigma as a fraction of half the window (default 0.4).
  // Ignored by the other kinds; <= 0 means the default.
  double parameter = 0.0;
};

struct WindowMetrics {
  double coherentGain = 1.0;
  double enbwBins = 1.0;
};

// Names used everywhere (CLI, CSV headers, GUI): rectangular, hann, hamming, blackman,
// blackman-harris, flat-top, kaiser, gaussian. parse accepts a few aliases (rect, boxcar,
// hanning, flattop, blackmanharris) and throws std::invalid_argument listing the names.
std::string_view toString(WindowKind kind);
WindowKind parseWindowKind(std::string_view name);
const std::vector<WindowKind>& allWindowKinds();
// e.g. "hann", "kaiser(beta=8.6)", "gaussian(sigma=0.4)"
std::string describe(const WindowSpec& spec);

// Kaiser's beta: 50 puts the side lobes near -460 dB, below double precision; Gaussian's sigma:
// at 100 half-windows the window is 1 within 1e-5.
constexpr double kMostKaiserBeta = 50.0;
constexpr double kMostGaussianSigma = 100.0;
// Throws std::invalid_argument naming the value: a parameter that is not finite or above the most
// its kind takes (a parameter <= 0 is the default; the other kinds ignore it).
void validateWindow(const WindowSpec& spec);

// Throws std::invalid_argument for length 0 and as validateWindow.
std::vector<double> makeWindow(const WindowSpec& spec, std::size_t length);
WindowMetrics windowMetrics(const std::vector<double>& window);

}  // namespace fftscope::signal
