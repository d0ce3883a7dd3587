// The live view's meters: time weighting's decay rates (IEC 61672-1), the level meter's peak, RMS
// and clip hold, and spectrum averaging.
#include "signal/LevelMeter.h"
#include "signal/SpectrumAveraging.h"
#include "signal/TimeWeighting.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace fftscope::signal {
namespace {

// dB a second a weighted level falls once its input stops, measured over the second after one.
double decayRate(TimeWeightingKind kind, bool perSample) {
  constexpr double rate = 48000.0;
  TimeWeighting weighting(kind);
  const std::vector<float> tone = [] {
    std::vector<float> s(std::size_t(5 * rate));
    for (std::size_t i = 0; i < s.size(); ++i) s[i] = float(std::sin(2.0 * std::numbers::pi * 1000.0 * double(i) / rate));
    return s;
  }();
  weighting.process(tone, rate);
  const std::vector<float> silence(std::size_t(rate), 0.0f);
  auto fall = [&] {
    if (perSample) return weighting.process(silence, rate);
    double v = 0.0;
    for (int i = 0; i < 100; ++i) v = weighting.step(0.0, 0.01);  // 10 ms frames
    return v;
  };
  fall();
  const double before = 10.0 * std::log10(weighting.value());
  const double after = 10.0 * std::log10(fall());
  return before - after;
}

TEST(TimeWeighting, DecayRatesAreTheStandards) {
  for (bool perSample : {true, false}) {
    EXPECT_NEAR(decayRate(TimeWeightingKind::Fast, perSample), 34.7, 0.1);
    EXPECT_NEAR(decayRate(TimeWeightingKind::Slow, perSample), 4.3, 0.1);
    EXPECT_NEAR(decayRate(TimeWeightingKind::Impulse, perSample), 2.9, 0.1);
  }
}

TEST(TimeWeighting, ImpulseRisesFasterThanItFalls) {
  TimeWeighting impulse(TimeWeightingKind::Impulse);
  impulse.step(1.0, 0.035);
  EXPECT_NEAR(impulse.value(), 1.0 - std::exp(-1.0), 1e-9);
  TimeWeighting fast(TimeWeightingKind::Fast);
  fast.step(1.0, 0.125);
  EXPECT_NEAR(fast.value(), 1.0 - std::exp(-1.0), 1e-9);
}

TEST(LevelMeter, FullScaleSineReadsZeroOnBothAndClipHolds) {
  constexpr double rate = 48000.0;
  std::vector<float> stereo(2 * 4800);
  for (std::size_t i = 0; i < 4800; ++i) {
    stereo[2 * i] = float(0.5 * std::sin(2.0 * std::numbers::pi * 1000.0 * double(i) / rate));
    stereo[2 * i + 1] = i == 100 ? 1.0f : 0.0f;
  }
  LevelMeter meter;
  const auto& levels = meter.process(stereo, 2, rate);
  ASSERT_EQ(levels.size(), 2u);
  EXPECT_NEAR(levels[0].peakDbfs, -6.02, 0.01);
  EXPECT_NEAR(levels[0].rmsDbfs, -6.02, 0.01);
  EXPECT_FALSE(levels[0].clipping);
  EXPECT_TRUE(levels[1].clipping);
  EXPECT_NEAR(levels[1].peakDbfs, 0.0, 1e-9);
  // The clip stays lit for two seconds of input, then goes out.
  const std::vector<float> quiet(2 * 48000, 0.0f);
  EXPECT_TRUE(meter.process(quiet, 2, rate)[1].clipping);
  EXPECT_FALSE(meter.process(quiet, 2, rate)[1].clipping);
  EXPECT_LT(meter.levels()[1].peakDbfs, -300.0);
  meter.process(stereo, 2, rate);
  meter.reset();
  EXPECT_TRUE(meter.levels().empty());
}

TEST(SpectrumAveraging, EachModeAndReset) {
  const std::vector<double> a{1.0, 4.0}, b{3.0, 2.0};
  SpectrumAveraging averaging;
  averaging.add(a, 0.1);
  EXPECT_EQ(averaging.add(b, 0.1), b);
  averaging.setMode(LiveAveraging::PeakHold);
  averaging.add(a, 0.1);
  EXPECT_EQ(averaging.add(b, 0.1), (std::vector<double>{3.0, 4.0}));
  averaging.setMode(LiveAveraging::MinHold);
  averaging.add(a, 0.1);
  EXPECT_EQ(averaging.add(b, 0.1), (std::vector<double>{1.0, 2.0}));
  averaging.reset();
  EXPECT_EQ(averaging.add(b, 0.1), b);
  averaging.setMode(LiveAveraging::Exponential);
  averaging.setTimeConstant(1.0);
  averaging.add(a, 0.1);
  // After one time constant of constant input, 1 - 1/e of the way there.
  std::vector<double> v;
  for (int i = 0; i < 10; ++i) v = averaging.add(b, 0.1);
  EXPECT_NEAR(v[0], 1.0 + 2.0 * (1.0 - std::exp(-1.0)), 1e-9);
}

}  // namespace
}  // namespace fftscope::signal
