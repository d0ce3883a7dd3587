// What the user asks a signal filter to do, in hertz, and the linear-phase FIR that does it.
// A low- or high-pass uses the image filters' formulas (imaging/FilterResponse.h) with f and the
// cutoff in Hz; a band-pass or band-stop is a digital band design (signal/BandDesign.h); notches use the image notch profile along the frequency axis; a drawn gain curve
// is piecewise linear in dB between its points (held flat beyond the first and last). The
// response is their product:  H(f) = base(f) x prod notch_i(f) x curve(f),  0 <= f <= fs / 2.
//
// The FIR: H sampled on a fine grid of G points (G >= 8 taps), its zero-phase impulse response by
// an inverse real FFT, the middle `taps` values (odd, centred on t = 0) kept and shaped by a
// Kaiser window (beta 8) against ripple. Delayed by (taps - 1) / 2, which the filters remove.
#pragma once

#include "imaging/FilterSpec.h"

#include <cstddef>
#include <vector>

namespace fftscope::signal {

struct ToneNotch {
  double frequencyHz = 50.0;
  double widthHz = 2.0;  // soft: half gain this far from the centre; hard: removed within
  imaging::NotchEdge edge = imaging::NotchEdge::Soft;
};

struct GainPoint {
  double frequencyHz = 0.0;
  double gainDb = 0.0;
};

struct SignalFilterSpec {
  imaging::BaseFilter base;           // cutoff and upperCutoff in Hz
  std::vector<ToneNotch> notches;
  std::vector<GainPoint> gainCurve;   // sorted by frequency; empty: flat
  std::size_t taps = 0;               // odd FIR length; 0: chosen from the narrowest feature
};

// The most notches and gain points one filter takes (the hum harmonics of 50 Hz below 96 kHz are 1919), the
// range of a gain curve's points (the spectra's floor to a boost no audio survives unclipped) and
// the longest FIR (its design grid of 8 taps each must stay within FFTW's int length).
constexpr std::size_t kMostNotches = 4096;
// Narrower notches than this are far below what any FIR here resolves, and their profile's
// (distance / width)² is no longer a number.
constexpr double kLeastNotchWidthHz = 1e-3;
constexpr std::size_t kMostGainPoints = 4096;
constexpr double kLeastGainDb = -400.0;
constexpr double kMostGainDb = 120.0;
constexpr std::size_t kMostTaps = (std::size_t(1) << 27) - 1;

// Notches at mains and its first `harmonics` multiples below Nyquist (50 Hz, 3 -> 50, 100, 150, 200).
// Throws std::invalid_argument naming the value: mains not inside (0, fs/2), harmonics < 0, a
// width not above 0, notches closer than twice their width, more than kMostNotches of them.
std::vector<ToneNotch> humNotches(double mainsHz, int harmonics, double widthHz, double sampleRate);

// Throws std::invalid_argument naming the first bad value (cutoffs outside (0, fs/2), f1 >= f2,
// order < 1, a notch outside [0, fs/2] or of width <= 0 or below kLeastNotchWidthHz, more than kMostNotches, gain points out
// of order, not finite or outside [kLeastGainDb, kMostGainDb], a tap count not odd in [3, kMostTaps]).
void validateSignalFilter(const SignalFilterSpec& spec, double sampleRate);

double filterGain(const SignalFilterSpec& spec, double frequencyHz, double sampleRate);
// The FIR length for the spec: 16 fs / (narrowest feature in Hz), odd, within [63, 262143].
std::size_t chooseTapCount(const SignalFilterSpec& spec, double sampleRate);
std::vector<double> designFir(const SignalFilterSpec& spec, double sampleRate);

}  // namespace fftscope::signal
