#include "signal/FilterDesign.h"

#include "imaging/FilterResponse.h"
#include "io/NumberText.h"
#include "signal/BandDesign.h"
#include "signal/RealFft.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace fftscope::signal {
namespace {

using imaging::FilterKind;
using imaging::FilterShape;

double curveGainDb(const std::vector<GainPoint>& curve, double f) {
  if (curve.empty()) return 0.0;
  if (f <= curve.front().frequencyHz) return curve.front().gainDb;
  if (f >= curve.back().frequencyHz) return curve.back().gainDb;
  const auto upper = std::upper_bound(curve.begin(), curve.end(), f,
                                      [](double x, const GainPoint& p) { return x < p.frequencyHz; });
  const GainPoint& b = *upper;
  const GainPoint& a = *(upper - 1);
  const double t = (f - a.frequencyHz) / (b.frequencyHz - a.frequencyHz);
  return a.gainDb + t * (b.gainDb - a.gainDb);
}

// The width in Hz over which the base filter's response changes, by shape.
double baseFeatureWidth(const imaging::BaseFilter& base) {
  if (base.kind == FilterKind::AllPass) return std::numeric_limits<double>::infinity();
  const bool band = base.kind == FilterKind::BandPass || base.kind == FilterKind::BandStop;
  const double scale = band ? std::min(base.cutoff, base.upperCutoff - base.cutoff) : base.cutoff;
  switch (base.shape) {
    case FilterShape::Ideal: return 0.25 * scale;
    case FilterShape::Gaussian: return scale;
    // A band design of order n is of order 2n, its skirts twice as steep: twice the taps keep its
    // transitions within 0.1 dB of the design.
    case FilterShape::Butterworth: return scale / std::max(1, base.order) / (band ? 2.0 : 1.0);
  }
  return scale;
}

// Beyond this many widths a soft notch's profile, 1 - 2^-(d/w)^2, is 1 in double precision (and a
// hard one's 1 beyond one width).
constexpr double kNotchReach = 40.0;

double gainWithNotches(const SignalFilterSpec& spec, double f, double sampleRate, const ToneNotch* first,
                       const ToneNotch* last) {
  const bool band = spec.base.kind == FilterKind::BandPass || spec.base.kind == FilterKind::BandStop;
  double gain = band ? bandResponse(spec.base, f, sampleRate) : imaging::baseFilterResponse(spec.base, f);
  for (const ToneNotch* notch = first; notch != last; ++notch) {
    const double d = f - notch->frequencyHz;
    if (std::abs(d) > kNotchReach * notch->widthHz) continue;
    gain *= imaging::notchProfile(notch->edge, d * d, notch->widthHz);
  }
  return gain * std::pow(10.0, curveGainDb(spec.gainCurve, f) / 20.0);
}

std::string hertz(double value) { return io::numberText(value, 10); }

}  // namespace

std::vector<ToneNotch> humNotches(double mainsHz, int harmonics, double widthHz, double sampleRate) {
  const double nyquist = sampleRate / 2.0;
  if (!(mainsHz > 0.0 && mainsHz < nyquist))
    throw std::invalid_argument("a mains frequency of " + hertz(mainsHz) + " Hz; it lies above 0 and below " +
                                hertz(nyquist) + " Hz (half the sample rate)");
  if (harmonics < 0) throw std::invalid_argument(std::to_string(harmonics) + " harmonics; 0 or more");
  if (!(widthHz > 0.0) || !std::isfinite(widthHz))
    throw std::invalid_argument("a hum notch width of " + hertz(widthHz) + " Hz; it is above 0");
  if (mainsHz < 2.0 * widthHz)
    throw std::invalid_argument("hum notches " + hertz(mainsHz) + " Hz apart, each " + hertz(widthHz) +
                                " Hz wide, would remove everything between them; the mains frequency is at least "
                                "twice the width");
  // Harmonics at and above Nyquist are left out; counted before any is made.
  const double below = std::ceil(nyquist / mainsHz) - 1.0;
  const double count = std::min(double(harmonics) + 1.0, below);
  if (count > double(kMostNotches))
    throw std::invalid_argument(hertz(count) + " hum notches below " + hertz(nyquist) + " Hz; a filter takes at most " +
                                std::to_string(kMostNotches) + " notches");
  std::vector<ToneNotch> notches;
  for (int h = 1; h <= int(count); ++h) notches.push_back({h * mainsHz, widthHz, imaging::NotchEdge::Soft});
  return notches;
}

void validateSignalFilter(const SignalFilterSpec& spec, double sampleRate) {
  const double nyquist = sampleRate / 2.0;
  const auto& base = spec.base;
  const auto inside = [&](double f) { return f > 0.0 && f < nyquist; };
  if (!(sampleRate > 0.0) || !std::isfinite(sampleRate)) throw std::invalid_argument("the sample rate must be positive");
  if (base.kind != FilterKind::AllPass) {
    if (!inside(base.cutoff))
      throw std::invalid_argument("the cutoff " + std::to_string(base.cutoff) + " Hz is not between 0 and " +
                                  std::to_string(nyquist) + " Hz");
    const bool band = base.kind == FilterKind::BandPass || base.kind == FilterKind::BandStop;
    if (band && !(base.upperCutoff > base.cutoff && base.upperCutoff < nyquist))
      throw std::invalid_argument("the band " + std::to_string(base.cutoff) + " .. " + std::to_string(base.upperCutoff) +
                                  " Hz must rise and stay below " + std::to_string(nyquist) + " Hz");
    if (base.order < 1) throw std::invalid_argument("the Butterworth order must be at least 1");
  }
  if (spec.notches.size() > kMostNotches)
    throw std::invalid_argument(std::to_string(spec.notches.size()) + " notches; a filter takes at most " +
                                std::to_string(kMostNotches));
  for (const ToneNotch& notch : spec.notches) {
    if (!(notch.widthHz > 0.0) || !std::isfinite(notch.frequencyHz) || !std::isfinite(notch.widthHz))
      throw std::invalid_argument("the notch at " + hertz(notch.frequencyHz) + " Hz needs a width above 0 Hz");
    if (notch.widthHz < kLeastNotchWidthHz)
      throw std::invalid_argument("the notch at " + hertz(notch.frequencyHz) + " Hz is " + hertz(notch.widthHz) +
                                  " Hz wide; a notch is at least " + hertz(kLeastNotchWidthHz) + " Hz wide");
    if (!(notch.frequencyHz >= 0.0 && notch.frequencyHz <= nyquist))
      throw std::invalid_argument("a notch at " + hertz(notch.frequencyHz) + " Hz; notches lie from 0 to " +
                                  hertz(nyquist) + " Hz (half the sample rate)");
  }
  if (spec.gainCurve.size() > kMostGainPoints)
    throw std::invalid_argument(std::to_string(spec.gainCurve.size()) + " gain points; a curve takes at most " +
                                std::to_string(kMostGainPoints));
  for (std::size_t i = 0; i < spec.gainCurve.size(); ++i) {
    const GainPoint& p = spec.gainCurve[i];
    if (!std::isfinite(p.frequencyHz) || !std::isfinite(p.gainDb))
      throw std::invalid_argument("gain point " + std::to_string(i + 1) + " is not finite");
    if (p.gainDb < kLeastGainDb || p.gainDb > kMostGainDb)
      throw std::invalid_argument("gain point " + std::to_string(i + 1) + " (" + hertz(p.frequencyHz) + " Hz) asks for " +
                                  hertz(p.gainDb) + " dB; a gain curve lies from " + hertz(kLeastGainDb) + " to +" +
                                  hertz(kMostGainDb) + " dB");
    if (i > 0 && !(p.frequencyHz > spec.gainCurve[i - 1].frequencyHz))
      throw std::invalid_argument("gain point " + std::to_string(i + 1) + " does not lie above the one before");
  }
  if (spec.taps != 0 && (spec.taps % 2 == 0 || spec.taps < 3 || spec.taps > kMostTaps))
    throw std::invalid_argument("an FIR length of " + std::to_string(spec.taps) + "; it is odd, from 3 to " +
                                std::to_string(kMostTaps));
}

double filterGain(const SignalFilterSpec& spec, double f, double sampleRate) {
  return gainWithNotches(spec, f, sampleRate, spec.notches.data(), spec.notches.data() + spec.notches.size());
}

std::size_t chooseTapCount(const SignalFilterSpec& spec, double sampleRate) {
  if (spec.taps != 0) return spec.taps;
  double width = baseFeatureWidth(spec.base);
  for (const ToneNotch& notch : spec.notches) width = std::min(width, notch.widthHz);
  for (std::size_t i = 1; i < spec.gainCurve.size(); ++i)
    width = std::min(width, spec.gainCurve[i].frequencyHz - spec.gainCurve[i - 1].frequencyHz);
  const double wanted = std::isfinite(width) ? 16.0 * sampleRate / width : 63.0;
  const std::size_t taps = std::size_t(std::clamp(wanted, 63.0, 262143.0));
  return taps | 1;
}

std::vector<double> designFir(const SignalFilterSpec& spec, double sampleRate) {
  validateSignalFilter(spec, sampleRate);
  const std::size_t taps = chooseTapCount(spec, sampleRate);
  const std::size_t grid = std::bit_ceil(std::max<std::size_t>(8 * taps, 1 << 14));
  RealFft fft(grid);
  // Notches in order of frequency: each grid point multiplies only those within reach, so that
  // hundreds of hum harmonics cost what one does.
  std::vector<ToneNotch> notches = spec.notches;
  std::sort(notches.begin(), notches.end(),
            [](const ToneNotch& a, const ToneNotch& b) { return a.frequencyHz < b.frequencyHz; });
  double widest = 0.0;
  for (const ToneNotch& notch : notches) widest = std::max(widest, notch.widthHz);
  const double reach = kNotchReach * widest;
  const ToneNotch* first = notches.data();
  const ToneNotch* last = notches.data();
  const ToneNotch* end = notches.data() + notches.size();
  for (std::size_t k = 0; k < fft.bins(); ++k) {
    const double f = double(k) * sampleRate / double(grid);
    while (first != end && first->frequencyHz < f - reach) ++first;
    while (last != end && last->frequencyHz <= f + reach) ++last;
    fft.spectrum()[k] = gainWithNotches(spec, f, sampleRate, first, std::max(first, last));
  }
  fft.inverse();
  const std::size_t half = (taps - 1) / 2;
  const double beta = 8.0;
  const double norm = std::cyl_bessel_i(0.0, beta);
  std::vector<double> h(taps);
  for (std::size_t j = 0; j < taps; ++j) {
    const std::ptrdiff_t t = std::ptrdiff_t(j) - std::ptrdiff_t(half);  // time from the centre
    const double x = half ? double(t) / double(half) : 0.0;
    const double kaiser = std::cyl_bessel_i(0.0, beta * std::sqrt(std::max(0.0, 1.0 - x * x))) / norm;
    h[j] = fft.real()[std::size_t((t + std::ptrdiff_t(grid)) % std::ptrdiff_t(grid))] / double(grid) * kaiser;
  }
  return h;
}

}  // namespace fftscope::signal
