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

// Notches at mains and its first `harmonics` multiples below Nyquist (50 Hz, 3 -> 50, 100, 150, 200).
std::vector<ToneNotch> humNotches(double mainsHz, int harmonics, double widthHz, double sampleRate);

// Throws std::invalid_argument naming the first bad value (cutoffs outside (0, fs/2), f1 >= f2,
// order < 1, a notch width <= 0, gain points out of order or not finite, an even tap count).
void validateSignalFilter(const SignalFilterSpec& spec, double sampleRate);

double filterGain(const SignalFilterSpec& spec, double frequencyHz, double sampleRate);
// The FIR length for the spec: 16 fs / (narrowest feature in Hz), odd, within [63, 262143].
std::size_t chooseTapCount(const SignalFilterSpec& spec, double sampleRate);
std::vector<double> designFir(const SignalFilterSpec& spec, double sampleRate);

}  // namespace fftscope::signal
