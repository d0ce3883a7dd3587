// Fractional-octave bands (IEC 61260-1, base ten) and the A, C and Z weightings (IEC 61672-1):
// the formulas against the standard's table, and sines measured through a spectrum into bands
// against the table with class 1 tolerances.
#include "signal/FrequencyWeighting.h"
#include "signal/OctaveBands.h"
#include "signal/RealFft.h"
#include "signal/Window.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

namespace fftscope::signal {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// IEC 61672-1:2013 Table 3: nominal frequency, A and C weightings (dB), class 1 limits (+, -).
struct WeightingRow { double nominal, a, c, plus, minus; };
const WeightingRow kTable[] = {
    {10, -70.4, -14.3, 3.5, kInf},  {12.5, -63.4, -11.2, 3.0, kInf}, {16, -56.7, -8.5, 2.5, 4.5},
    {20, -50.5, -6.2, 2.5, 2.5},    {25, -44.7, -4.4, 2.5, 2.0},     {31.5, -39.4, -3.0, 2.0, 2.0},
    {40, -34.6, -2.0, 1.5, 1.5},    {50, -30.2, -1.3, 1.5, 1.5},     {63, -26.2, -0.8, 1.5, 1.5},
    {80, -22.5, -0.5, 1.5, 1.5},    {100, -19.1, -0.3, 1.5, 1.5},    {125, -16.1, -0.2, 1.5, 1.5},
    {160, -13.4, -0.1, 1.5, 1.5},   {200, -10.9, 0.0, 1.4, 1.4},     {250, -8.6, 0.0, 1.4, 1.4},
    {315, -6.6, 0.0, 1.4, 1.4},     {400, -4.8, 0.0, 1.4, 1.4},      {500, -3.2, 0.0, 1.4, 1.4},
    {630, -1.9, 0.0, 1.4, 1.4},     {800, -0.8, 0.0, 1.4, 1.4},      {1000, 0.0, 0.0, 1.1, 1.1},
    {1250, 0.6, 0.0, 1.4, 1.4},     {1600, 1.0, -0.1, 1.6, 1.6},     {2000, 1.2, -0.2, 1.6, 1.6},
    {2500, 1.3, -0.3, 1.6, 1.6},    {3150, 1.2, -0.5, 1.6, 1.6},     {4000, 1.0, -0.8, 1.6, 1.6},
    {5000, 0.5, -1.3, 2.1, 2.1},    {6300, -0.1, -2.0, 2.1, 2.6},    {8000, -1.1, -3.0, 2.1, 3.1},
    {10000, -2.5, -4.4, 2.6, 3.6},  {12500, -4.3, -6.2, 3.0, 6.0},   {16000, -6.6, -8.5, 3.5, 17.0},
    {20000, -9.3, -11.2, 4.0, kInf},
};

// The table's exact frequencies: 1000 G^(x/3), x = -20 .. 13.
double exactFrequency(std::size_t row) { return 1000.0 * std::pow(10.0, 0.1 * (double(row) - 20.0)); }

TEST(FrequencyWeighting, FormulasMatchTheStandardsTableToItsRounding) {
  for (std::size_t i = 0; i < std::size(kTable); ++i) {
    const double f = exactFrequency(i);
    EXPECT_NEAR(weightingDb(FrequencyWeighting::A, f), kTable[i].a, 0.051) << kTable[i].nominal << " Hz";
    EXPECT_NEAR(weightingDb(FrequencyWeighting::C, f), kTable[i].c, 0.051) << kTable[i].nominal << " Hz";
    EXPECT_EQ(weightingDb(FrequencyWeighting::Z, f), 0.0);
  }
  EXPECT_NEAR(weightingDb(FrequencyWeighting::A, 1000.0), 0.0, 1e-12);
  EXPECT_NEAR(weightingDb(FrequencyWeighting::C, 1000.0), 0.0, 1e-12);
}

TEST(OctaveBands, ThirdOctaveMidBandsAndEdgesAreBaseTen) {
  const auto bands = octaveBands(3, 19.0, 21000.0);
  ASSERT_EQ(bands.size(), 31u);  // 20 Hz .. 20 kHz nominal (19.95 Hz .. 19.95 kHz exact)
  EXPECT_NEAR(bands[17].centre, 1000.0, 1e-9);
  EXPECT_NEAR(bands[18].centre, 1258.925, 1e-3);
  EXPECT_NEAR(bands[17].low, 891.251, 1e-3);
  EXPECT_NEAR(bands[17].high, 1122.018, 1e-3);
  for (std::size_t i = 1; i < bands.size(); ++i) EXPECT_NEAR(bands[i].low, bands[i - 1].high, 1e-9 * bands[i].low);
}

TEST(OctaveBands, EvenFractionsStraddleOneKilohertz) {
  const auto octave = octaveBands(1, 30.0, 17000.0);
  ASSERT_EQ(octave.size(), 10u);
  EXPECT_NEAR(octave[5].centre, 1000.0, 1e-9);
  EXPECT_NEAR(octave[5].low, 707.946, 1e-3);
  const auto sixth = octaveBands(6, 900.0, 1100.0);
  ASSERT_EQ(sixth.size(), 2u);
  EXPECT_NEAR(sixth[0].centre, 1000.0 * std::pow(10.0, -0.3 / 12.0), 1e-9);
  EXPECT_NEAR(sixth[0].high, 1000.0, 1e-9);
  EXPECT_EQ(octaveBands(24, 1000.0, 2000.0).size(), 24u);
  EXPECT_EQ(octaveBands(12, 1000.0, 2000.0).size(), 12u);
  EXPECT_THROW(octaveBands(2, 100.0, 200.0), std::invalid_argument);
  // Bands above Nyquist are left out.
  EXPECT_LT(octaveBands(3, 20.0, 20000.0, 8000.0).back().high, 8000.0);
}

// Levels of bands measured from a windowed FFT of a sine of amplitude `amplitude` at `hertz`.
class BandMeasure {
 public:
  static constexpr std::size_t kN = 1u << 18;
  static constexpr double kRate = 48000.0;
  BandMeasure() : fft_(kN), window_(makeWindow({WindowKind::BlackmanHarris}, kN)) {
    for (double w : window_) squareSum_ += w * w;
  }
  std::vector<double> levels(double hertz, double amplitude, const std::vector<OctaveBand>& bands,
                             FrequencyWeighting weighting) {
    for (std::size_t i = 0; i < kN; ++i)
      fft_.real()[i] = amplitude * std::sin(2.0 * std::numbers::pi * hertz * double(i) / kRate) * window_[i];
    fft_.forward();
    std::vector<double> magnitudes(fft_.bins());
    for (std::size_t k = 0; k < magnitudes.size(); ++k) magnitudes[k] = std::norm(fft_.spectrum()[k]);
    const auto power = binPowerFromMagnitudes(magnitudes, kN, squareSum_);
    auto out = bandPowers(power, kRate / double(kN), bands, weighting);
    for (double& p : out) p = meanSquareToDbfs(p);
    return out;
  }

 private:
  RealFft fft_;
  std::vector<double> window_;
  double squareSum_ = 0.0;
};

TEST(OctaveBands, WeightedSinesReadTheTableWithinClassOneLimits) {
  BandMeasure measure;
  const auto bands = octaveBands(3, 9.0, 21000.0, BandMeasure::kRate / 2);
  ASSERT_EQ(bands.size(), std::size(kTable));
  for (FrequencyWeighting weighting : allFrequencyWeightings()) {
    for (std::size_t i = 0; i < std::size(kTable); ++i) {
      const double expected = weighting == FrequencyWeighting::A ? kTable[i].a
                              : weighting == FrequencyWeighting::C ? kTable[i].c : 0.0;
      // A sine at -20 dBFS in the middle of its band reads its level plus the weighting.
      const double level = measure.levels(exactFrequency(i), 0.1, bands, weighting)[i] + 20.0;
      EXPECT_LE(level - expected, kTable[i].plus) << toString(weighting) << " " << kTable[i].nominal << " Hz";
      EXPECT_GE(level - expected, -kTable[i].minus) << toString(weighting) << " " << kTable[i].nominal << " Hz";
      EXPECT_NEAR(level, expected, 0.1) << toString(weighting) << " " << kTable[i].nominal << " Hz";
    }
  }
}

TEST(OctaveBands, WhiteNoisePowerSplitsByBandwidth) {
  // A flat power spectrum: each band holds its width's share.
  const double binWidth = 1.0;
  const std::vector<double> power(24001, 1e-6);
  const auto bands = octaveBands(1, 63.0, 8000.0);
  const auto p = bandPowers(power, binWidth, bands);
  for (std::size_t i = 0; i < bands.size(); ++i) EXPECT_NEAR(p[i], 1e-6 * (bands[i].high - bands[i].low), 1e-9);
}

}  // namespace
}  // namespace fftscope::signal
