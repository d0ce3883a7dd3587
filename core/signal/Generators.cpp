#include "signal/Generators.h"

#include <bit>
#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>

namespace fftscope::signal {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

Signal blank(const Timebase& timebase, const std::string& name) {
  if (!(timebase.sampleRate > 0.0) || !std::isfinite(timebase.sampleRate))
    throw std::invalid_argument("the sample rate must be positive");
  if (!(timebase.seconds > 0.0) || !std::isfinite(timebase.seconds))
    throw std::invalid_argument("the duration must be positive");
  const double frames = std::round(timebase.sampleRate * timebase.seconds);
  if (frames < 1.0) throw std::invalid_argument("the duration is shorter than one sample");
  Signal signal;
  signal.sampleRate = timebase.sampleRate;
  signal.sourceName = name;
  signal.format = {Container::Generated, Encoding::Float32, false};
  signal.channels.resize(1);
  signal.channels.front().resize(std::size_t(frames), 0.0f);
  return signal;
}

// Standard normal values from 64-bit uniforms (Box-Muller), identical on every standard library,
// unlike std::normal_distribution.
class Gaussian {
 public:
  explicit Gaussian(std::uint64_t seed) : engine_(seed) {}
  double next() {
    if (hasSpare_) {
      hasSpare_ = false;
      return spare_;
    }
    const double u1 = (double(engine_() >> 11) + 1.0) * 0x1.0p-53;  // (0, 1]
    const double u2 = double(engine_() >> 11) * 0x1.0p-53;
    const double r = std::sqrt(-2.0 * std::log(u1));
    spare_ = r * std::sin(kTwoPi * u2);
    hasSpare_ = true;
    return r * std::cos(kTwoPi * u2);
  }

 private:
  std::mt19937_64 engine_;
  double spare_ = 0.0;
  bool hasSpare_ = false;
};

double rmsOf(const std::vector<float>& x) {
  double sum = 0.0;
  for (float v : x) sum += double(v) * v;
  return std::sqrt(sum / double(x.size()));
}

}  // namespace

Signal sumOfSines(const Timebase& timebase, const std::vector<Tone>& tones) {
  Signal signal = blank(timebase, "sum of sines");
  auto& x = signal.channels.front();
  for (const Tone& tone : tones) {
    const double w = kTwoPi * tone.frequencyHz / timebase.sampleRate;
    for (std::size_t n = 0; n < x.size(); ++n)
      x[n] += float(tone.amplitude * std::sin(w * double(n) + tone.phase));
  }
  return signal;
}

Signal chirp(const Timebase& timebase, double f0, double f1, ChirpSweep sweep, double amplitude) {
  Signal signal = blank(timebase, sweep == ChirpSweep::Linear ? "linear chirp" : "logarithmic chirp");
  auto& x = signal.channels.front();
  const double T = timebase.seconds;
  if (sweep == ChirpSweep::Logarithmic && !(f0 > 0.0 && f1 > 0.0))
    throw std::invalid_argument("a logarithmic chirp needs frequencies above 0 Hz");
  for (std::size_t n = 0; n < x.size(); ++n) {
    const double t = double(n) / timebase.sampleRate;
    double phase;
    if (sweep == ChirpSweep::Linear) {
      phase = kTwoPi * (f0 * t + 0.5 * (f1 - f0) / T * t * t);
    } else if (f0 == f1) {
      phase = kTwoPi * f0 * t;
    } else {
      const double k = std::log(f1 / f0) / T;  // f(t) = f0 exp(k t)
      phase = kTwoPi * f0 * (std::exp(k * t) - 1.0) / k;
    }
    x[n] = float(amplitude * std::sin(phase));
  }
  return signal;
}

Signal square(const Timebase& timebase, double frequencyHz, double amplitude, double duty) {
  Signal signal = blank(timebase, "square wave");
  auto& x = signal.channels.front();
  for (std::size_t n = 0; n < x.size(); ++n) {
    const double cycle = frequencyHz * double(n) / timebase.sampleRate;
    x[n] = float(cycle - std::floor(cycle) < duty ? amplitude : -amplitude);
  }
  return signal;
}

Signal sawtooth(const Timebase& timebase, double frequencyHz, double amplitude) {
  Signal signal = blank(timebase, "sawtooth");
  auto& x = signal.channels.front();
  for (std::size_t n = 0; n < x.size(); ++n) {
    const double cycle = frequencyHz * double(n) / timebase.sampleRate;
    x[n] = float(amplitude * (2.0 * (cycle - std::floor(cycle)) - 1.0));
  }
  return signal;
}

Signal impulse(const Timebase& timebase, double atSecond, double amplitude) {
  Signal signal = blank(timebase, "impulse");
  auto& x = signal.channels.front();
  const double at = std::round(atSecond * timebase.sampleRate);
  if (at < 0.0 || at >= double(x.size())) throw std::invalid_argument("the impulse lies outside the signal");
  x[std::size_t(at)] = float(amplitude);
  return signal;
}

Signal whiteNoise(const Timebase& timebase, double rms, std::uint64_t seed) {
  Signal signal = blank(timebase, "white noise");
  Gaussian gaussian(seed);
  for (float& v : signal.channels.front()) v = float(rms * gaussian.next());
  return signal;
}

Signal pinkNoise(const Timebase& timebase, double rms, std::uint64_t seed) {
  Signal signal = blank(timebase, "pink noise");
  auto& x = signal.channels.front();
  constexpr int kRows = 16;
  Gaussian gaussian(seed);
  double rows[kRows];
  double sum = 0.0;
  for (double& r : rows) sum += (r = gaussian.next());
  // Row r is redrawn every 2^r samples (the lowest set bit of the counter picks it), so that
  // together the rows fall off by 3 dB per octave; a white row adds the top octave.
  for (std::size_t n = 0; n < x.size(); ++n) {
    const std::uint64_t counter = n + 1;
    const int row = std::countr_zero(counter);
    if (row < kRows) {
      sum -= rows[row];
      rows[row] = gaussian.next();
      sum += rows[row];
    }
    x[n] = float(sum + gaussian.next());
  }
  const double scale = rms / std::max(1e-300, rmsOf(x));
  for (float& v : x) v = float(double(v) * scale);
  return signal;
}

}  // namespace fftscope::signal
