// The FFTW pipeline against a direct, formula-based reference: a Gaussian low-pass on a
// power-of-two image (no padding) is a circular convolution with the inverse DFT of the
// Gaussian, which is separable and can be summed in double precision without any FFT.
#include "imaging/FftwBackend.h"
#include "imaging/FilterPipeline.h"
#include "imaging/SpectralFilter.h"
#include "imaging/SpectrumLayout.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace fftscope::imaging {
namespace {

// h[m] = (1/n) sum_k exp(-f_k^2 / (2 fc^2)) cos(2 pi k m / n), f_k = signedBin(k, n) / n.
std::vector<double> gaussianKernel(int n, double fc) {
  std::vector<double> h(std::size_t(n), 0.0);
  for (int m = 0; m < n; ++m)
    for (int k = 0; k < n; ++k) {
      const double f = binFrequency(k, n);
      h[std::size_t(m)] += std::exp(-f * f / (2.0 * fc * fc)) * std::cos(2.0 * std::numbers::pi * k * m / n) / n;
    }
  return h;
}

std::vector<double> convolveCircular(const std::vector<float>& plane, int rows, int cols, double fc) {
  const std::vector<double> hx = gaussianKernel(cols, fc), hy = gaussianKernel(rows, fc);
  std::vector<double> alongRows(plane.size(), 0.0), out(plane.size(), 0.0);
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x)
      for (int m = 0; m < cols; ++m)
        alongRows[std::size_t(y * cols + x)] += plane[std::size_t(y * cols + m)] * hx[std::size_t((x - m + cols) % cols)];
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x)
      for (int m = 0; m < rows; ++m)
        out[std::size_t(y * cols + x)] += alongRows[std::size_t(m * cols + x)] * hy[std::size_t((y - m + rows) % rows)];
  return out;
}

struct ReferenceCase {
  int rows;
  int cols;
  double cutoff;
};

class GaussianLowPass : public ::testing::TestWithParam<ReferenceCase> {};

TEST_P(GaussianLowPass, MatchesDirectReference) {
  const auto [rows, cols, cutoff] = GetParam();
  std::mt19937 random(42);
  std::uniform_real_distribution<float> sample(0.0f, 255.0f);
  Image image{cols, rows, 1, 8, std::vector<float>(std::size_t(rows) * cols), {}};
  for (float& v : image.data) v = std::round(sample(random));

  const PadGeometry geometry = padGeometry(cols, rows);
  ASSERT_EQ(geometry.paddedWidth, cols);  // a power of two: nothing padded
  ASSERT_EQ(geometry.paddedHeight, rows);
  FilterSpec spec;
  spec.base = BaseFilter{FilterKind::LowPass, FilterShape::Gaussian, cutoff, 0.2, 2};
  FftwBackend fft;
  const std::vector<float> filtered = filterPlane(image.data, geometry, PadMode::Mirror, buildMask(rows, cols, spec), fft);
  const std::vector<double> reference = convolveCircular(image.data, rows, cols, cutoff);

  double error2 = 0.0, reference2 = 0.0, worst = 0.0, largest = 0.0;
  for (std::size_t i = 0; i < reference.size(); ++i) {
    const double d = filtered[i] - reference[i];
    error2 += d * d;
    reference2 += reference[i] * reference[i];
    worst = std::max(worst, std::abs(d));
    largest = std::max(largest, std::abs(reference[i]));
  }
  EXPECT_LE(std::sqrt(error2 / reference2), 1e-4);
  EXPECT_LE(worst / largest, 1e-4);

  // The image pipeline clips the same values to the input's range and rounds them.
  const Image rounded = filterImage(image, spec, PadMode::Mirror, ChannelMode::PerChannel).filtered;
  const auto [lo, hi] = std::minmax_element(image.data.begin(), image.data.end());
  double worstRounded = 0.0;
  for (std::size_t i = 0; i < reference.size(); ++i)
    worstRounded = std::max(worstRounded, std::abs(rounded.data[i] - std::clamp(reference[i], double(*lo), double(*hi))));
  EXPECT_LE(worstRounded, 0.5 + 1e-3);
}

INSTANTIATE_TEST_SUITE_P(Sizes, GaussianLowPass,
                         ::testing::Values(ReferenceCase{64, 128, 0.05}, ReferenceCase{32, 32, 0.2},
                                           ReferenceCase{128, 16, 0.1}));

}  // namespace
}  // namespace fftscope::imaging
