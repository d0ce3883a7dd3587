// Filtering with the spectra kept on the device, against the same computation with FFTW.
#include "DeviceFixture.h"
#include "engine/Accuracy.h"
#include "engine/DeviceSpectralFilter.h"
#include "engine/FftwReference.h"

#include <gtest/gtest.h>

#include <cmath>

namespace fftscope {
namespace {

std::vector<float> randomPlane(std::size_t n, std::uint64_t seed) {
  std::vector<float> plane;
  for (const auto& z : randomComplexF32(n, seed)) plane.push_back(z.real() + 0.5f);
  return plane;
}

std::vector<std::complex<double>> hostSpectrum(const std::vector<float>& plane, std::size_t rows, std::size_t cols) {
  std::vector<std::complex<double>> in(plane.begin(), plane.end()), out(plane.size());
  fftwTransform(in.data(), out.data(), rows, cols, 1, true, Direction::Forward);
  return out;
}

// Even sizes, and odd ones (an image at its own size), where fftshift puts DC at n/2 rounded down.
class CentredDisplay : public ::testing::TestWithParam<std::pair<std::size_t, std::size_t>> {};

TEST_P(CentredDisplay, LogMagnitudeMatchesFftwWithDcInTheMiddle) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const auto [rows, cols] = GetParam();
  DeviceSpectralFilter filter(*context, rows, cols);
  std::vector<float> plane = randomPlane(rows * cols, 3);
  filter.setPlanes({plane});
  std::vector<std::complex<double>> ref = hostSpectrum(plane, rows, cols);

  std::vector<float> logMagnitude = filter.centredDisplay(0, SpectrumMeasure::LogMagnitude);
  std::vector<float> phase = filter.centredDisplay(0, SpectrumMeasure::Phase);
  // Compared as magnitudes against the largest: an f32 FFT's error is absolute, so tiny bins
  // carry large relative errors.
  double worst = 0, largest = 0;
  for (std::size_t y = 0; y < rows; ++y)
    for (std::size_t x = 0; x < cols; ++x) {
      // Display (y, x) shows the signed frequency (y - rows/2, x - cols/2), as NumPy's fftshift.
      std::complex<double> bin = ref[((y + rows - rows / 2) % rows) * cols + (x + cols - cols / 2) % cols];
      worst = std::max(worst, std::abs(std::expm1(double(logMagnitude[y * cols + x])) - std::abs(bin)));
      largest = std::max(largest, std::abs(bin));
    }
  EXPECT_LT(worst / largest, 2e-6);
  // DC: the sum of the samples, real and positive, at (rows/2, cols/2).
  EXPECT_NEAR(logMagnitude[rows / 2 * cols + cols / 2], std::log1p(ref[0].real()), 1e-5);
  EXPECT_NEAR(phase[rows / 2 * cols + cols / 2], 0.0, 1e-6);
  EXPECT_FALSE(filter.lastTimings().empty());
}

INSTANTIATE_TEST_SUITE_P(Display, CentredDisplay,
                         ::testing::Values(std::pair<std::size_t, std::size_t>{64, 128}, std::pair<std::size_t, std::size_t>{75, 100},
                                           std::pair<std::size_t, std::size_t>{9, 15}),
                         [](const auto& info) {
                           return std::to_string(info.param.first) + "x" + std::to_string(info.param.second);
                         });

TEST(DeviceSpectralFilter, MaskProductAndInverseMatchFftwForEveryPlane) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const std::size_t rows = 128, cols = 32, n = rows * cols;
  DeviceSpectralFilter filter(*context, rows, cols, Variant::R4, TransposeMode::Padded);
  std::vector<std::vector<float>> planes{randomPlane(n, 5), randomPlane(n, 6), randomPlane(n, 7)};
  filter.setPlanes(planes);
  ASSERT_EQ(filter.planeCount(), 3u);
  std::vector<float> mask(n);
  for (std::size_t i = 0; i < n; ++i) mask[i] = static_cast<float>((i * 7919) % 101) / 100.0f;

  std::vector<std::vector<float>> filtered = filter.filter(mask);
  ASSERT_EQ(filtered.size(), 3u);
  for (std::size_t p = 0; p < 3; ++p) {
    std::vector<std::complex<double>> spec = hostSpectrum(planes[p], rows, cols), back(n);
    for (std::size_t i = 0; i < n; ++i) spec[i] *= mask[i];
    fftwTransform(spec.data(), back.data(), rows, cols, 1, true, Direction::Inverse);
    double num = 0, den = 0;
    for (std::size_t i = 0; i < n; ++i) {
      num += std::pow(filtered[p][i] - back[i].real(), 2);
      den += std::pow(back[i].real(), 2);
    }
    EXPECT_LT(std::sqrt(num / den), 1e-6) << "plane " << p;
  }
}

TEST(DeviceSpectralFilter, RefusesPlanesAndMasksOfTheWrongSize) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  DeviceSpectralFilter filter(*context, 16, 16);
  EXPECT_THROW(filter.setPlanes({std::vector<float>(100)}), std::invalid_argument);
  filter.setPlanes({std::vector<float>(256, 1.0f)});
  EXPECT_THROW(filter.filter(std::vector<float>(255)), std::invalid_argument);
  EXPECT_THROW(filter.centredDisplay(1, SpectrumMeasure::Magnitude), std::out_of_range);
  EXPECT_THROW(DeviceSpectralFilter(*context, 0, 16), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope
