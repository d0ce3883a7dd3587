#include "signal/Window.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>
#include <locale>
#include <sstream>
#include <stdexcept>

namespace fftscope::signal {
namespace {

constexpr double kDefaultKaiserBeta = 8.6;
constexpr double kDefaultGaussianSigma = 0.4;

double parameterOr(const WindowSpec& spec, double fallback) { return spec.parameter > 0.0 ? spec.parameter : fallback; }

// Sum of cosines a0 - a1 cos(x) + a2 cos(2x) - ..., x = 2 pi n / N.
std::vector<double> cosineSum(std::initializer_list<double> coefficients, std::size_t n) {
  std::vector<double> w(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double x = 2.0 * std::numbers::pi * double(i) / double(n);
    double sum = 0.0, sign = 1.0;
    int k = 0;
    for (double a : coefficients) {
      sum += sign * a * std::cos(k * x);
      sign = -sign;
      ++k;
    }
    w[i] = sum;
  }
  return w;
}

}  // namespace

std::string_view toString(WindowKind kind) {
  switch (kind) {
    case WindowKind::Rectangular: return "rectangular";
    case WindowKind::Hann: return "hann";
    case WindowKind::Hamming: return "hamming";
    case WindowKind::Blackman: return "blackman";
    case WindowKind::BlackmanHarris: return "blackman-harris";
    case WindowKind::FlatTop: return "flat-top";
    case WindowKind::Kaiser: return "kaiser";
    case WindowKind::Gaussian: return "gaussian";
  }
  return "?";
}

const std::vector<WindowKind>& allWindowKinds() {
  static const std::vector<WindowKind> kinds{WindowKind::Rectangular, WindowKind::Hann,    WindowKind::Hamming,
                                             WindowKind::Blackman,    WindowKind::BlackmanHarris,
                                             WindowKind::FlatTop,     WindowKind::Kaiser,  WindowKind::Gaussian};
  return kinds;
}

WindowKind parseWindowKind(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  for (WindowKind kind : allWindowKinds())
    if (lower == toString(kind)) return kind;
  if (lower == "rect" || lower == "boxcar" || lower == "none") return WindowKind::Rectangular;
  if (lower == "hanning") return WindowKind::Hann;
  if (lower == "flattop") return WindowKind::FlatTop;
  if (lower == "blackmanharris") return WindowKind::BlackmanHarris;
  throw std::invalid_argument("unknown window '" + std::string(name) +
                              "'; choose rectangular, hann, hamming, blackman, blackman-harris, flat-top, kaiser or gaussian");
}

std::string describe(const WindowSpec& spec) {
  std::ostringstream out;
  out.imbue(std::locale::classic());
  out << toString(spec.kind);
  if (spec.kind == WindowKind::Kaiser) out << "(beta=" << parameterOr(spec, kDefaultKaiserBeta) << ")";
  if (spec.kind == WindowKind::Gaussian) out << "(sigma=" << parameterOr(spec, kDefaultGaussianSigma) << ")";
  return out.str();
}

void validateWindow(const WindowSpec& spec) {
  if (spec.kind != WindowKind::Kaiser && spec.kind != WindowKind::Gaussian) return;
  const bool kaiser = spec.kind == WindowKind::Kaiser;
  const double most = kaiser ? kMostKaiserBeta : kMostGaussianSigma;
  if (std::isfinite(spec.parameter) && spec.parameter <= most) return;
  std::ostringstream out;
  out.imbue(std::locale::classic());
  out << (kaiser ? "a Kaiser beta of " : "a Gaussian sigma of ") << spec.parameter << "; it is above 0 and at most "
      << most << (kaiser ? " (beyond, the window's side lobes lie below what double precision holds)"
                         : " (beyond, the window is flat)")
      << ", or 0 for the default";
  throw std::invalid_argument(out.str());
}

std::vector<double> makeWindow(const WindowSpec& spec, std::size_t n) {
  if (n == 0) throw std::invalid_argument("a window of length 0");
  validateWindow(spec);
  switch (spec.kind) {
    case WindowKind::Rectangular: return std::vector<double>(n, 1.0);
    case WindowKind::Hann: return cosineSum({0.5, 0.5}, n);
    case WindowKind::Hamming: return cosineSum({0.54, 0.46}, n);
    case WindowKind::Blackman: return cosineSum({0.42, 0.5, 0.08}, n);
    case WindowKind::BlackmanHarris: return cosineSum({0.35875, 0.48829, 0.14128, 0.01168}, n);
    // The SRS / MATLAB flat-top: scalloping loss under 0.01 dB.
    case WindowKind::FlatTop:
      return cosineSum({0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368}, n);
    case WindowKind::Kaiser: {
      const double beta = parameterOr(spec, kDefaultKaiserBeta);
      const double norm = std::cyl_bessel_i(0.0, beta);
      std::vector<double> w(n);
      for (std::size_t i = 0; i < n; ++i) {
        const double x = 2.0 * double(i) / double(n) - 1.0;
        w[i] = std::cyl_bessel_i(0.0, beta * std::sqrt(std::max(0.0, 1.0 - x * x))) / norm;
      }
      return w;
    }
    case WindowKind::Gaussian: {
      const double sigma = parameterOr(spec, kDefaultGaussianSigma) * double(n) / 2.0;
      std::vector<double> w(n);
      for (std::size_t i = 0; i < n; ++i) {
        const double x = (double(i) - double(n) / 2.0) / sigma;
        w[i] = std::exp(-0.5 * x * x);
      }
      return w;
    }
  }
  return std::vector<double>(n, 1.0);
}

WindowMetrics windowMetrics(const std::vector<double>& window) {
  double sum = 0.0, squares = 0.0;
  for (double w : window) {
    sum += w;
    squares += w * w;
  }
  const double n = double(window.size());
  return {sum / n, n * squares / (sum * sum)};
}

}  // namespace fftscope::signal
