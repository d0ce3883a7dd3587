// Filters through overlap-add: stop bands remove tones, pass bands keep them, blocks leave no seams.
#include "signal/FilterDesign.h"
#include "signal/Generators.h"
#include "signal/OverlapAdd.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>

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
