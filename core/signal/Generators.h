// Test signals, one channel each, at a sample rate for a duration (frames = round(rate x seconds)).
// Phases are in radians; sample n is at t = n / rate. Noise is seeded: the same seed gives the
// same samples on every machine (std::mt19937_64 and our own normal transform).
#pragma once

#include "signal/Signal.h"

#include <cstdint>
#include <vector>

namespace fftscope::signal {

struct Timebase {
  double sampleRate = 48000.0;
  double seconds = 1.0;
};

struct Tone {
  double frequencyHz = 1000.0;
  double amplitude = 1.0;
  double phase = 0.0;  // x(t) = amplitude sin(2 pi f t + phase)
};

enum class ChirpSweep { Linear, Logarithmic };

// Throws std::invalid_argument for a rate or duration <= 0 (or fewer than one frame).
Signal sumOfSines(const Timebase& timebase, const std::vector<Tone>& tones);
// Instantaneous frequency from f0 at t = 0 to f1 at the end; logarithmic needs f0, f1 > 0.
Signal chirp(const Timebase& timebase, double f0, double f1, ChirpSweep sweep, double amplitude = 1.0);
// +amplitude for the first `duty` of each period, -amplitude after.
Signal square(const Timebase& timebase, double frequencyHz, double amplitude = 1.0, double duty = 0.5);
// Rising from -amplitude to +amplitude once per period.
Signal sawtooth(const Timebase& timebase, double frequencyHz, double amplitude = 1.0);
// One sample of `amplitude` at `atSecond`, zeros elsewhere.
Signal impulse(const Timebase& timebase, double atSecond = 0.0, double amplitude = 1.0);
// Gaussian, standard deviation `rms`.
Signal whiteNoise(const Timebase& timebase, double rms, std::uint64_t seed);
// 1/f power (-3 dB per octave), Voss-McCartney with 16 rows plus a white row, scaled to `rms`.
Signal pinkNoise(const Timebase& timebase, double rms, std::uint64_t seed);

}  // namespace fftscope::signal
