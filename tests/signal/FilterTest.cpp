// Filters through overlap-add: stop bands remove tones, pass bands keep them, blocks leave no seams.
#include "signal/FilterDesign.h"
#include "signal/Generators.h"
#include "signal/OverlapAdd.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <string>
#include <vector>

namespace fftscope::signal {
namespace {

using imaging::FilterKind;
using imaging::FilterShape;

// The amplitude of the tone at f in x[begin, end): a projection over whole periods of 1 Hz.
double toneAmplitude(const std::vector<float>& x, double rate, double f, std::size_t begin, std::size_t end) {
  std::complex<double> sum = 0.0;
  for (std::size_t n = begin; n < end; ++n) sum += double(x[n]) * std::polar(1.0, -2.0 * std::numbers::pi * f * double(n) / rate);
  return 2.0 * std::abs(sum) / double(end - begin);
}

double db(double ratio) { return 20.0 * std::log10(ratio); }

SignalFilterSpec bandStop(FilterShape shape, double f1, double f2, int order = 2) {
  SignalFilterSpec spec;
  spec.base = {FilterKind::BandStop, shape, f1, f2, order};
  return spec;
}

TEST(Filter, BandStopRemovesItsToneAndKeepsTheOctave) {
  const double rate = 48000.0;
  const Signal in = sumOfSines({rate, 10.0}, {{1000.0, 0.5, 0.0}, {2000.0, 0.25, 1.0}});
  const Signal out = filterSignal(in, bandStop(FilterShape::Ideal, 900.0, 1100.0));
  const auto& x = in.channels.front();
  const auto& y = out.channels.front();
  const std::size_t begin = 48000, end = x.size() - 48000;  // clear of the edges
  EXPECT_LT(db(toneAmplitude(y, rate, 1000.0, begin, end) / toneAmplitude(x, rate, 1000.0, begin, end)), -40.0);
  EXPECT_NEAR(db(toneAmplitude(y, rate, 2000.0, begin, end) / toneAmplitude(x, rate, 2000.0, begin, end)), 0.0, 0.5);
  EXPECT_NEAR(db(toneAmplitude(y, rate, 2000.0, 0, 48000) / toneAmplitude(x, rate, 2000.0, 0, 48000)), 0.0, 0.5)
      << "in the first second, the FIR's delay is removed";
}

TEST(Filter, OverlapAddEqualsOneLongConvolution) {
  const double rate = 48000.0;
  const Signal in = sumOfSines({rate, 4.0}, {{1000.0, 0.5, 0.0}, {2000.0, 0.25, 1.0}, {7.0, 0.2, 0.0}});
  const auto taps = designFir(bandStop(FilterShape::Ideal, 900.0, 1100.0), rate);
  const auto& x = in.channels.front();
  const std::vector<float> reference = convolveOneShot(x, taps);
  for (std::size_t block : {std::size_t(0), std::size_t(1000), std::size_t(4097)}) {
    const OverlapAddFilter filter(taps, block);
    ASSERT_GT(x.size() / filter.blockLength(), 5u) << "several blocks";
    std::vector<float> y(x.size());
    filter.apply(x, y);
    double worst = 0.0;
    for (std::size_t i = 0; i < y.size(); ++i) worst = std::max(worst, double(std::abs(y[i] - reference[i])));
    EXPECT_LT(worst, 2e-6) << "block " << filter.blockLength() << " FFT " << filter.fftSize();
  }
  // And the tone is gone in every block, boundaries included.
  const OverlapAddFilter filter(taps, 1000);
  std::vector<float> y(x.size());
  filter.apply(x, y);
  EXPECT_LT(db(toneAmplitude(y, rate, 1000.0, 24000, 168000) / 0.5), -40.0);
}

TEST(Filter, ButterworthLowPassFollowsItsFormula) {
  const double rate = 48000.0;
  SignalFilterSpec spec;
  spec.base = {FilterKind::LowPass, FilterShape::Butterworth, 1000.0, 0.0, 4};
  const Signal in = sumOfSines({rate, 4.0}, {{500.0, 0.3, 0.0}, {1000.0, 0.3, 0.0}, {2000.0, 0.3, 0.0}});
  const Signal out = filterSignal(in, spec);
  for (double f : {500.0, 1000.0, 2000.0}) {
    const double expected = db(1.0 / (1.0 + std::pow(f / 1000.0, 8.0)));
    const double measured = db(toneAmplitude(out.channels[0], rate, f, 48000, 144000) / 0.3);
    EXPECT_NEAR(measured, expected, 0.1) << f << " Hz";
  }
}

// The FIR realises the band designs (BandDesignTest checks them against SciPy): tones keep the
// design's level within 0.1 dB in the pass bands and transitions, and lose at least 40 dB where it
// is below -40 dB.
TEST(Filter, ButterworthBandsKeepTheirDesignsLevels) {
  const double rate = 48000.0;
  struct Case {
    FilterKind kind;
    double f1, f2;
    int order;
    std::vector<double> tones;
  };
  const Case cases[] = {
      {FilterKind::BandStop, 900.0, 1100.0, 4, {300, 800, 880, 900, 950, 1000, 1050, 1100, 1120, 1300, 3000}},
      {FilterKind::BandPass, 300.0, 3400.0, 2, {60, 150, 250, 300, 500, 1000, 3000, 3400, 4000, 6000, 12000}},
      {FilterKind::BandPass, 990.0, 1010.0, 3, {900, 980, 990, 995, 1000, 1005, 1010, 1020, 1100}},
  };
  for (const Case& c : cases) {
    SignalFilterSpec spec;
    spec.base = {c.kind, FilterShape::Butterworth, c.f1, c.f2, c.order};
    std::vector<Tone> tones;
    for (std::size_t i = 0; i < c.tones.size(); ++i) tones.push_back({c.tones[i], 0.08, 0.7 * double(i)});
    const Signal out = filterSignal(sumOfSines({rate, 6.0}, tones), spec);
    for (const double f : c.tones) {
      const double design = db(filterGain(spec, f, rate));
      const double measured = db(toneAmplitude(out.channels[0], rate, f, 96000, 192000) / 0.08);
      const std::string what = std::to_string(f) + " Hz of " + std::to_string(c.f1) + " .. " + std::to_string(c.f2);
      if (design > -30.0) {
        EXPECT_NEAR(measured, design, 0.1) << what;
      } else if (design < -40.0) {
        EXPECT_LT(measured, -40.0) << what;
      }
    }
  }
}

TEST(Filter, HumNotchesAndGainCurve) {
  const double rate = 48000.0;
  SignalFilterSpec spec;
  spec.notches = humNotches(50.0, 2, 3.0, rate);  // 50, 100, 150 Hz
  ASSERT_EQ(spec.notches.size(), 3u);
  spec.gainCurve = {{1000.0, 0.0}, {4000.0, -20.0}};
  const Signal in = sumOfSines({rate, 10.0}, {{50.0, 0.2, 0.0}, {150.0, 0.2, 0.0}, {700.0, 0.2, 0.0}, {4000.0, 0.2, 0.0}});
  const Signal out = filterSignal(in, spec);
  const auto gain = [&](double f) { return db(toneAmplitude(out.channels[0], rate, f, 192000, 288000) / 0.2); };
  EXPECT_LT(gain(50.0), -40.0);
  EXPECT_LT(gain(150.0), -40.0);
  EXPECT_NEAR(gain(700.0), 0.0, 0.1);
  EXPECT_NEAR(gain(4000.0), -20.0, 0.2);
}

TEST(Filter, RefusesBadSpecs) {
  EXPECT_THROW(validateSignalFilter(bandStop(FilterShape::Ideal, 1100.0, 900.0), 48000.0), std::invalid_argument);
  EXPECT_THROW(validateSignalFilter(bandStop(FilterShape::Ideal, 900.0, 30000.0), 48000.0), std::invalid_argument);
  SignalFilterSpec curve;
  curve.gainCurve = {{100.0, 0.0}, {50.0, -3.0}};
  EXPECT_THROW(validateSignalFilter(curve, 48000.0), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::signal
