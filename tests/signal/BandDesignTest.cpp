// The signal band filters against SciPy's digital Butterworth band designs: a table of
// freqz_zpk values printed by SciPy, and the same designs built here the long way (prototype
// poles, band transform, bilinear transform, evaluated on the unit circle) at many frequencies.
#include "signal/FilterDesign.h"

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
using Complex = std::complex<double>;

SignalFilterSpec band(FilterKind kind, FilterShape shape, double f1, double f2, int order = 2) {
  SignalFilterSpec spec;
  spec.base = {kind, shape, f1, f2, order};
  return spec;
}

double gainDb(const SignalFilterSpec& spec, double f, double rate) {
  return 20.0 * std::log10(filterGain(spec, f, rate));
}

struct Level {
  double frequencyHz, db;
};

// scipy.signal.butter(4, [900, 1100], 'bandstop', fs=48000, output='zpk') and
// butter(2, [300, 3400], 'bandpass', ...), through scipy.signal.freqz_zpk (SciPy 1.10).
const Level kScipyBandStop[] = {
    {100, -0.000000000},  {500, -0.000000487},  {800, -0.008301550},   {880, -0.782262748},
    {900, -3.010299957},  {950, -26.932315074}, {990, -103.886765643}, {1000, -104.281141272},
    {1050, -21.728497411}, {1100, -3.010299957}, {1120, -1.021483308}, {1300, -0.001562102},
    {2000, -0.000000408}, {10000, -0.000000000},
};
const Level kScipyBandPass[] = {
    {50, -32.665735537},  {150, -13.440250589}, {250, -5.218645154},  {300, -3.010299957},
    {500, -0.260126173},  {1000, -0.000000061}, {3000, -1.855841175}, {3400, -3.010299957},
    {4000, -5.037411963}, {6000, -11.913543761}, {12000, -27.322162589}, {23000, -74.729966226},
};

TEST(BandDesign, ButterworthMatchesScipysTable) {
  const double rate = 48000.0;
  const auto stop = band(FilterKind::BandStop, FilterShape::Butterworth, 900.0, 1100.0, 4);
  for (const Level& level : kScipyBandStop)
    EXPECT_NEAR(gainDb(stop, level.frequencyHz, rate), level.db, 1e-6) << level.frequencyHz << " Hz";
  const auto pass = band(FilterKind::BandPass, FilterShape::Butterworth, 300.0, 3400.0, 2);
  for (const Level& level : kScipyBandPass)
    EXPECT_NEAR(gainDb(pass, level.frequencyHz, rate), level.db, 1e-6) << level.frequencyHz << " Hz";
}

// SciPy's butter(order, [f1, f2], kind, fs=rate) step by step as zeros, poles and gain: buttap,
// lp2bp_zpk or lp2bs_zpk on the pre-warped edges, bilinear_zpk; |H| on the unit circle.
class ZpkButterworth {
 public:
  ZpkButterworth(bool stop, int order, double f1, double f2, double rate) {
    const double fs2 = 2.0 * rate;
    const double w1 = fs2 * std::tan(std::numbers::pi * f1 / rate);
    const double w2 = fs2 * std::tan(std::numbers::pi * f2 / rate);
    const double wo = std::sqrt(w1 * w2), bw = w2 - w1;
    std::vector<Complex> zeros, poles;
    Complex gain = 1.0;
    for (int m = -order + 1; m <= order - 1; m += 2) {
      const Complex p = -std::exp(Complex(0.0, std::numbers::pi * m / (2.0 * order)));
      const Complex scaled = stop ? bw / 2.0 / p : p * bw / 2.0;
      const Complex root = std::sqrt(scaled * scaled - wo * wo);
      poles.push_back(scaled + root);
      poles.push_back(scaled - root);
      gain *= stop ? 1.0 / -p : Complex(bw);
    }
    for (int i = 0; i < order; ++i) {
      if (stop) {
        zeros.push_back(Complex(0.0, wo));
        zeros.push_back(Complex(0.0, -wo));
      } else {
        zeros.push_back(0.0);
      }
    }
    for (const Complex& z : zeros) gain *= fs2 - z;
    for (const Complex& p : poles) gain /= fs2 - p;
    for (Complex& z : zeros) z = (fs2 + z) / (fs2 - z);
    for (Complex& p : poles) p = (fs2 + p) / (fs2 - p);
    zeros.resize(poles.size(), -1.0);  // the zeros at infinity land on z = -1
    zeros_ = zeros;
    poles_ = poles;
    gain_ = std::abs(gain.real());
    rate_ = rate;
  }

  double gainDb(double f) const {
    const Complex z = std::exp(Complex(0.0, 2.0 * std::numbers::pi * f / rate_));
    Complex h = gain_;
    for (std::size_t i = 0; i < poles_.size(); ++i) h *= (z - zeros_[i]) / (z - poles_[i]);
    return 20.0 * std::log10(std::abs(h));
  }

 private:
  std::vector<Complex> zeros_, poles_;
  double gain_ = 1.0, rate_ = 1.0;
};

struct Band {
  double f1, f2, rate;
};

TEST(BandDesign, ButterworthMatchesTheDigitalDesignAtManyFrequencies) {
  const Band bands[] = {{900.0, 1100.0, 48000.0}, {100.0, 8000.0, 44100.0}, {15000.0, 20000.0, 48000.0},
                        {10.0, 30.0, 1000.0}};
  int compared = 0;
  for (const Band& b : bands)
    for (const bool stop : {false, true})
      for (const int order : {1, 2, 3, 4, 8}) {
        const ZpkButterworth reference(stop, order, b.f1, b.f2, b.rate);
        const auto spec = band(stop ? FilterKind::BandStop : FilterKind::BandPass, FilterShape::Butterworth, b.f1,
                               b.f2, order);
        for (int i = 1; i < 2000; ++i) {
          const double f = b.rate / 2.0 * i / 2000.0;
          const double expected = reference.gainDb(f);
          if (expected < -100.0) continue;  // deep in a stop band both sides are rounding
          ASSERT_NEAR(gainDb(spec, f, b.rate), expected, 1e-4)
              << (stop ? "band-stop" : "band-pass") << " order " << order << " [" << b.f1 << ", " << b.f2
              << "] at " << f << " Hz of " << b.rate;
          ++compared;
        }
      }
  EXPECT_GT(compared, 50000);
}

TEST(BandDesign, EdgesAreThreeDecibelsDownForButterworthAndGaussian) {
  const double rate = 48000.0, halfPower = -10.0 * std::log10(2.0);
  for (const FilterKind kind : {FilterKind::BandPass, FilterKind::BandStop})
    for (const FilterShape shape : {FilterShape::Butterworth, FilterShape::Gaussian})
      for (const int order : {1, 4, 9}) {
        const auto spec = band(kind, shape, 900.0, 1100.0, order);
        EXPECT_NEAR(gainDb(spec, 900.0, rate), halfPower, 1e-9);
        EXPECT_NEAR(gainDb(spec, 1100.0, rate), halfPower, 1e-9);
      }
}

TEST(BandDesign, BandStopsOfOrderTwoAndMoreAreFortyDecibelsDownAcrossTheMiddle) {
  const double rate = 48000.0, f1 = 900.0, f2 = 1100.0;
  const double centre = std::sqrt(f1 * f2), reach = 0.025 * (f2 - f1);
  for (const int order : {2, 3, 4, 8})
    for (double f = centre - reach; f <= centre + reach; f += reach / 10.0)
      EXPECT_LT(gainDb(band(FilterKind::BandStop, FilterShape::Butterworth, f1, f2, order), f, rate), -40.0)
          << "order " << order << " at " << f << " Hz";
  EXPECT_LT(gainDb(band(FilterKind::BandStop, FilterShape::Butterworth, f1, f2, 4), 1000.0, rate), -100.0);
  EXPECT_LT(gainDb(band(FilterKind::BandStop, FilterShape::Gaussian, f1, f2), centre, rate), -100.0);
}

TEST(BandDesign, GaussianIsTheGaussianPrototypeThroughTheBandTransform) {
  // |H| = 2^(-Omega^2 / 2), Omega = (w^2 - w1 w2) / (w (w2 - w1)) on pre-warped frequencies.
  const double rate = 8000.0, f1 = 500.0, f2 = 1500.0;
  const auto warp = [&](double f) { return 2.0 * rate * std::tan(std::numbers::pi * f / rate); };
  const auto pass = band(FilterKind::BandPass, FilterShape::Gaussian, f1, f2);
  const auto stop = band(FilterKind::BandStop, FilterShape::Gaussian, f1, f2);
  for (const double f : {100.0, 400.0, 700.0, 1000.0, 2000.0, 3900.0}) {
    const double w = warp(f);
    const double omega = (w * w - warp(f1) * warp(f2)) / (w * (warp(f2) - warp(f1)));
    EXPECT_NEAR(filterGain(pass, f, rate), std::exp2(-omega * omega / 2.0), 1e-12) << f;
    EXPECT_NEAR(filterGain(stop, f, rate), std::exp2(-1.0 / (2.0 * omega * omega)), 1e-12) << f;
  }
  EXPECT_EQ(filterGain(pass, 0.0, rate), 0.0);
  EXPECT_EQ(filterGain(stop, 0.0, rate), 1.0);
}

TEST(BandDesign, IdealBandsAreZeroOrOneAndTheEdgesBelongToTheBand) {
  const double rate = 48000.0;
  const auto pass = band(FilterKind::BandPass, FilterShape::Ideal, 900.0, 1100.0);
  const auto stop = band(FilterKind::BandStop, FilterShape::Ideal, 900.0, 1100.0);
  for (const double f : {899.99, 900.0, 1000.0, 1100.0, 1100.01}) {
    const double inside = f >= 900.0 && f <= 1100.0 ? 1.0 : 0.0;
    EXPECT_EQ(filterGain(pass, f, rate), inside) << f;
    EXPECT_EQ(filterGain(stop, f, rate), 1.0 - inside) << f;
  }
}

}  // namespace
}  // namespace fftscope::signal
