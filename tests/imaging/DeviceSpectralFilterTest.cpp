// Filtering with the spectra kept on the device, against the same computation with FFTW.
#include "DeviceFixture.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "imaging/device/DeviceSpectralFilter.h"

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
                                           std::pair<std::size_t, std::size_t>{9, 15}, std::pair<std::size_t, std::size_t>{64, 127},
                                           std::pair<std::size_t, std::size_t>{1, 6}, std::pair<std::size_t, std::size_t>{5, 1}),
                         [](const auto& info) {
                           return std::to_string(info.param.first) + "x" + std::to_string(info.param.second);
                         });

// The real part of FFTW's ifft2(X * mask), in double: what filtering the plane must give.
std::vector<double> hostFiltered(const std::vector<float>& plane, const std::vector<float>& mask, std::size_t rows,
                                 std::size_t cols) {
  const std::size_t n = rows * cols;
  std::vector<std::complex<double>> spec = hostSpectrum(plane, rows, cols), back(n);
  for (std::size_t i = 0; i < n; ++i) spec[i] *= mask[i];
  fftwTransform(spec.data(), back.data(), rows, cols, 1, true, Direction::Inverse);
  std::vector<double> real(n);
  for (std::size_t i = 0; i < n; ++i) real[i] = back[i].real();
  return real;
}

double relativeL2(const std::vector<float>& got, const std::vector<double>& want) {
  double num = 0, den = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    num += std::pow(got[i] - want[i], 2);
    den += std::pow(want[i], 2);
  }
  return std::sqrt(num / den);
}

// A mask with H(-f) = H(f), as the image workspace builds them: a radial response times a notch
// pair, so values differ from bin to bin.
std::vector<float> symmetricMask(std::size_t rows, std::size_t cols) {
  std::vector<float> mask(rows * cols);
  auto frequency = [](std::size_t k, std::size_t n) { return (k <= n / 2 ? double(k) : double(k) - double(n)) / double(n); };
  for (std::size_t y = 0; y < rows; ++y)
    for (std::size_t x = 0; x < cols; ++x) {
      const double fy = frequency(y, rows), fx = frequency(x, cols);
      double h = std::exp(-(fx * fx + fy * fy) / (2 * 0.15 * 0.15));
      for (double sign : {1.0, -1.0}) {
        const double dy = fy - sign * 0.1, dx = fx - sign * 0.2;
        h *= 1 - std::exp(-(dx * dx + dy * dy) / (2 * 0.03 * 0.03));
      }
      mask[y * cols + x] = float(h);
    }
  return mask;
}

struct FilterCase {
  std::size_t rows, cols;
  Variant variant;
  TransposeMode transpose;
};

class MaskProduct : public ::testing::TestWithParam<FilterCase> {};

// Three planes and a weighted fourth, with a mask that is not symmetric: the half spectrum gives
// the real part of the full product all the same.
TEST_P(MaskProduct, MatchesFftwForEveryPlane) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const FilterCase c = GetParam();
  const std::size_t rows = c.rows, cols = c.cols, n = rows * cols;
  DeviceSpectralFilter filter(*context, rows, cols, c.variant, c.transpose);
  std::vector<std::vector<float>> planes{randomPlane(n, 5), randomPlane(n, 6), randomPlane(n, 7)};
  filter.setPlanes(planes);
  filter.setWeightedPlane({0.299f, 0.587f, 0.114f});
  ASSERT_EQ(filter.planeCount(), 4u);
  ASSERT_EQ(filter.filteredCount(), 3u);
  std::vector<float> mask(n);
  for (std::size_t i = 0; i < n; ++i) mask[i] = static_cast<float>((i * 7919) % 101) / 100.0f;

  std::vector<std::vector<float>> filtered = filter.filter(mask);
  ASSERT_EQ(filtered.size(), 3u);
  for (std::size_t p = 0; p < 3; ++p) {
    ASSERT_EQ(filtered[p].size(), n);
    EXPECT_LT(relativeL2(filtered[p], hostFiltered(planes[p], mask, rows, cols)), 1e-6) << "plane " << p;
  }
  EXPECT_FALSE(filter.lastTimings().empty());
  // The mask product runs on the half spectrum: rows x (cols/2 + 1) bins.
  std::size_t products = 0;
  for (const TimingRecord& t : filter.lastTimings()) {
    if (t.pass.elementwise.name != "apply_mask") continue;
    ++products;
    EXPECT_EQ(t.pass.bytesRead, rows * (cols / 2 + 1) * 20);
  }
  EXPECT_EQ(products, 3u);
}

// A symmetric mask given on the half spectrum alone gives what the full mask gives.
TEST_P(MaskProduct, AHalfMaskFiltersAsItsFullMask) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const FilterCase c = GetParam();
  const std::size_t rows = c.rows, cols = c.cols, n = rows * cols, width = cols / 2 + 1;
  DeviceSpectralFilter filter(*context, rows, cols, c.variant, c.transpose);
  ASSERT_EQ(filter.halfCols(), width);
  std::vector<float> plane = randomPlane(n, 11);
  filter.setPlanes({plane});
  const std::vector<float> mask = symmetricMask(rows, cols);
  HalfMask half;
  for (std::size_t y = 0; y < rows; ++y)
    for (std::size_t x = 0; x < width; ++x) half.values.push_back(mask[y * cols + x]);

  const std::vector<double> want = hostFiltered(plane, mask, rows, cols);
  std::vector<std::vector<float>> fromHalf = filter.filter(half), fromFull = filter.filter(mask);
  ASSERT_EQ(fromHalf.size(), 1u);
  EXPECT_LT(relativeL2(fromHalf[0], want), 1e-6);
  EXPECT_LT(relativeL2(fromFull[0], want), 1e-6);
  EXPECT_THROW(filter.filter(HalfMask{std::vector<float>(rows * width + 1)}), std::invalid_argument);
}

// The full spectrum read back, the mirrored bins included, and the weighted plane's display.
TEST_P(MaskProduct, FullSpectrumAndWeightedDisplayMatchFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const FilterCase c = GetParam();
  const std::size_t rows = c.rows, cols = c.cols, n = rows * cols;
  DeviceSpectralFilter filter(*context, rows, cols, c.variant, c.transpose);
  std::vector<std::vector<float>> planes{randomPlane(n, 21), randomPlane(n, 22), randomPlane(n, 23)};
  filter.setPlanes(planes);
  const std::vector<float> weights{0.299f, 0.587f, 0.114f};
  filter.setWeightedPlane(weights);
  std::vector<float> sum(n);
  for (std::size_t i = 0; i < n; ++i) sum[i] = weights[0] * planes[0][i] + weights[1] * planes[1][i] + weights[2] * planes[2][i];

  for (std::size_t p = 0; p < 4; ++p) {
    const std::vector<std::complex<double>> ref = hostSpectrum(p < 3 ? planes[p] : sum, rows, cols);
    const std::vector<std::complex<float>> bins = filter.spectrum(p);
    ASSERT_EQ(bins.size(), n);
    EXPECT_EQ(filter.halfSpectrum(p).size(), rows * filter.halfCols());
    double num = 0, den = 0;
    for (std::size_t i = 0; i < n; ++i) {
      num += std::norm(std::complex<double>(bins[i]) - ref[i]);
      den += std::norm(ref[i]);
    }
    EXPECT_LT(std::sqrt(num / den), 1e-6) << "plane " << p;
    // The magnitudes of the half, bins kx = 0 .. cols/2 of every row.
    const std::vector<float> magnitudes = filter.halfMagnitudes(p);
    const std::size_t width = filter.halfCols();
    ASSERT_EQ(magnitudes.size(), rows * width);
    double worst = 0, largest = 0;
    for (std::size_t y = 0; y < rows; ++y)
      for (std::size_t x = 0; x < width; ++x) {
        worst = std::max(worst, std::abs(double(magnitudes[y * width + x]) - std::abs(ref[y * cols + x])));
        largest = std::max(largest, std::abs(ref[y * cols + x]));
      }
    EXPECT_LT(worst / largest, 2e-6) << "plane " << p;
  }
  // Centred, as NumPy's fftshift(abs(fft2(sum))) and angle: every bin of the full spectrum.
  const std::vector<std::complex<double>> ref = hostSpectrum(sum, rows, cols);
  const std::vector<float> magnitude = filter.centredDisplay(3, SpectrumMeasure::Magnitude);
  const std::vector<float> phase = filter.centredDisplay(3, SpectrumMeasure::Phase);
  double worst = 0, largest = 0, worstPhase = 0;
  for (std::size_t y = 0; y < rows; ++y)
    for (std::size_t x = 0; x < cols; ++x) {
      const std::complex<double> bin = ref[((y + rows - rows / 2) % rows) * cols + (x + cols - cols / 2) % cols];
      worst = std::max(worst, std::abs(double(magnitude[y * cols + x]) - std::abs(bin)));
      largest = std::max(largest, std::abs(bin));
      // Phase compared where it is well defined (bins well above the transform's error).
      if (std::abs(bin) > 1e-3 * std::sqrt(double(n))) {
        double d = std::abs(double(phase[y * cols + x]) - std::arg(bin));
        worstPhase = std::max(worstPhase, std::min(d, 2 * M_PI - d));
      }
    }
  EXPECT_LT(worst / largest, 2e-6);
  EXPECT_LT(worstPhase, 1e-3);
}

INSTANTIATE_TEST_SUITE_P(Sizes, MaskProduct,
                         ::testing::Values(FilterCase{128, 32, Variant::R4, TransposeMode::Padded},
                                           FilterCase{9, 15, Variant::Auto, TransposeMode::Tiled},
                                           FilterCase{75, 100, Variant::Auto, TransposeMode::Tiled},
                                           FilterCase{64, 127, Variant::Auto, TransposeMode::Tiled},
                                           FilterCase{1, 6, Variant::Auto, TransposeMode::Tiled},
                                           FilterCase{7, 2, Variant::Auto, TransposeMode::Tiled}),
                         [](const auto& info) {
                           return std::to_string(info.param.rows) + "x" + std::to_string(info.param.cols);
                         });

TEST(DeviceSpectralFilter, RefusesPlanesAndMasksOfTheWrongSize) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  DeviceSpectralFilter filter(*context, 16, 16);
  EXPECT_THROW(filter.setPlanes({std::vector<float>(100)}), std::invalid_argument);
  filter.setPlanes({std::vector<float>(256, 1.0f)});
  EXPECT_THROW(filter.filter(std::vector<float>(255)), std::invalid_argument);
  EXPECT_THROW(filter.filter(std::vector<float>(16 * 9)), std::invalid_argument);  // a half mask as a full one
  EXPECT_THROW(filter.centredDisplay(1, SpectrumMeasure::Magnitude), std::out_of_range);
  EXPECT_THROW(DeviceSpectralFilter(*context, 0, 16), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope
