// A click near a spectral peak lands on the peak, never on DC; filters read back in words.
#include "imaging/FilterSummary.h"
#include "imaging/PeakSnap.h"

#include <gtest/gtest.h>

using namespace fftscope::imaging;

namespace {

Spectrum spectrumWithPeak(int rows, int cols, int kx, int ky) {
  Spectrum s{rows, cols, std::vector<std::complex<float>>(std::size_t(rows) * cols, {1.0f, 0.0f})};
  s.bins[0] = {1e6f, 0.0f};  // DC, the strongest of all
  const int bx = ((kx % cols) + cols) % cols, by = ((ky % rows) + rows) % rows;
  s.bins[std::size_t(by) * cols + bx] = {500.0f, 0.0f};
  return s;
}

}  // namespace

TEST(PeakSnap, LandsOnTheStrongestBinWithinReach) {
  const Spectrum s = spectrumWithPeak(64, 128, 20, -9);
  const SnappedBin bin = snapToPeak(s, (20 + 2) / 128.0, (-9 - 1) / 64.0);
  EXPECT_EQ(bin.kx, 20);
  EXPECT_EQ(bin.ky, -9);
  EXPECT_DOUBLE_EQ(bin.fx, 20 / 128.0);
  EXPECT_DOUBLE_EQ(bin.fy, -9 / 64.0);
}

TEST(PeakSnap, NeverSnapsOntoDc) {
  const Spectrum s = spectrumWithPeak(64, 64, 30, 30);  // the only peak is out of reach
  const SnappedBin bin = snapToPeak(s, 1 / 64.0, 0.0);
  EXPECT_GT(bin.kx * bin.kx + bin.ky * bin.ky, 4);
}

TEST(PeakSnap, StaysPutBeyondReach) {
  const Spectrum s = spectrumWithPeak(64, 64, 30, 0);
  const SnappedBin bin = snapToPeak(s, 10 / 64.0, 10 / 64.0);
  // A flat neighbourhood: the first bin searched wins, within the reach of the click.
  EXPECT_LE(std::abs(bin.kx - 10), 3);
  EXPECT_LE(std::abs(bin.ky - 10), 3);
}

TEST(FilterSummary, NamesShapeKindCutoffsAndNotches) {
  FilterSpec spec;
  EXPECT_EQ(summarise(spec), "no filter");
  spec.base = {FilterKind::BandStop, FilterShape::Butterworth, 0.1, 0.25, 4};
  spec.notches.push_back({0.1, 0.2, 0.01, NotchEdge::Soft});
  spec.notches.push_back({-0.1, -0.2, 0.01, NotchEdge::Soft});
  EXPECT_EQ(summarise(spec), "Butterworth 4 band-stop 0.100–0.250, 2 notches");
  spec.base = {FilterKind::LowPass, FilterShape::Gaussian, 0.05, 0.2, 2};
  spec.notches.clear();
  EXPECT_EQ(summarise(spec), "Gaussian low-pass 0.050");
}
