// The device pipeline against the FFTW host pipeline: same images, same displays.
#include "DeviceFixture.h"
#include "engine/cl/DeviceContext.h"
#include "imaging/DeviceImageFilter.h"
#include "imaging/FftwBackend.h"
#include "imaging/FilterPipeline.h"
#include "imaging/SampleImage.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

namespace fftscope::imaging {
namespace {

// The test binary's one context (DeviceFixture.h), so each kernel is built once.
cl::DeviceContext* device() { return fftscope::testing::sharedDevice(); }

Image colourVersion(const Image& grey) {
  Image colour{grey.width, grey.height, 3, grey.bitDepth, {}, {}};
  for (std::size_t i = 0; i < grey.data.size(); ++i)
    for (int c = 0; c < 3; ++c) colour.data.push_back(std::min(255.0f, grey.data[i] * (0.6f + 0.2f * float(c))));
  return colour;
}

Image cropped(const Image& image, int width, int height) {
  Image out{width, height, image.channels, image.bitDepth, {}, {}};
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width * image.channels; ++x) out.data.push_back(image.data[std::size_t(y) * image.width * image.channels + x]);
  return out;
}

struct Case {
  const char* name;
  bool colour;
  ChannelMode mode;
  int width, height;
};

class DeviceVersusHost : public ::testing::TestWithParam<Case> {};

TEST_P(DeviceVersusHost, SameFilteredImage) {
  if (!device()) GTEST_SKIP() << "no OpenCL device";
  const Case& c = GetParam();
  Image image = makeSampleImage().noisy;
  if (c.colour) image = colourVersion(image);
  if (c.width != image.width) image = cropped(image, c.width, c.height);

  FilterSpec spec;
  spec.base = {FilterKind::LowPass, FilterShape::Gaussian, 0.08, 0.2, 2};
  spec.notches.push_back({80.0 / 512, 48.0 / 512, 0.01, NotchEdge::Soft});
  FilterResult host = filterImage(image, spec, PadMode::Mirror, c.mode);

  DeviceImageFilter filter(*device());
  filter.setImage(image, PadMode::Mirror, c.mode);
  Image onDevice = filter.filter(host.mask);
  ASSERT_EQ(onDevice.data.size(), host.filtered.data.size());
  EXPECT_EQ(onDevice.width, image.width);
  EXPECT_EQ(onDevice.channels, image.channels);
  // Both round to whole levels: they may differ by one level where the exact value is near .5.
  std::size_t differing = 0;
  float worst = 0;
  for (std::size_t i = 0; i < onDevice.data.size(); ++i) {
    float d = std::abs(onDevice.data[i] - host.filtered.data[i]);
    worst = std::max(worst, d);
    differing += d > 0;
  }
  EXPECT_LE(worst, 1.0f);
  EXPECT_LT(double(differing) / double(onDevice.data.size()), 1e-3);
  EXPECT_FALSE(filter.lastTimings().empty());

  // The same with the mask made on the device from the spec.
  if (!filter.makesMasks()) return;
  const Image fromSpec = mapOutputRange(filter.filterSamples(spec), OutputRange::Clip);
  ASSERT_EQ(fromSpec.data.size(), host.filtered.data.size());
  worst = 0;
  differing = 0;
  for (std::size_t i = 0; i < fromSpec.data.size(); ++i) {
    const float d = std::abs(fromSpec.data[i] - host.filtered.data[i]);
    worst = std::max(worst, d);
    differing += d > 0;
  }
  EXPECT_LE(worst, 1.0f);
  EXPECT_LT(double(differing) / double(fromSpec.data.size()), 1e-3);
}

INSTANTIATE_TEST_SUITE_P(Images, DeviceVersusHost,
                         ::testing::Values(Case{"grey512", false, ChannelMode::PerChannel, 512, 512},
                                           Case{"greyPadded", false, ChannelMode::PerChannel, 400, 300},
                                           Case{"colourChannels", true, ChannelMode::PerChannel, 256, 256},
                                           Case{"colourLuminance", true, ChannelMode::Luminance, 300, 200}),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(DeviceImageFilter, SpectrumDisplayMatchesTheHostRendering) {
  if (!device()) GTEST_SKIP() << "no OpenCL device";
  Image image = makeSampleImage().noisy;
  DeviceImageFilter filter(*device());
  filter.setImage(image, PadMode::Mirror, ChannelMode::PerChannel);
  for (SpectrumQuantity q : {SpectrumQuantity::LogMagnitude, SpectrumQuantity::Magnitude, SpectrumQuantity::Phase}) {
    DisplaySettings settings;
    settings.quantity = q;
    settings.colourMap = ColourMap::Viridis;
    RgbImage fromDevice = filter.renderSpectrum(0, settings);
    RgbImage fromHost = renderSpectrum(filter.spectrum(0), settings);
    ASSERT_EQ(fromDevice.rgb.size(), fromHost.rgb.size());
    std::size_t off = 0;
    for (std::size_t i = 0; i < fromHost.rgb.size(); ++i) off += std::abs(int(fromDevice.rgb[i]) - int(fromHost.rgb[i])) > 2;
    // Float rounding moves a few pixels across a colour step; no more than 0.1% of them.
    EXPECT_LT(double(off) / double(fromHost.rgb.size()), 1e-3) << int(q);
  }
}

// The magnitudes the readout and auto notch use: FFTW's spectrum of the padded luminance, every
// bin read through the half (an image at its own odd size: PadMode::None).
TEST(DeviceImageFilter, MagnitudesReadAsTheHostSpectrum) {
  if (!device()) GTEST_SKIP() << "no OpenCL device";
  const Image image = cropped(colourVersion(makeSampleImage().noisy), 300, 201);
  DeviceImageFilter filter(*device());
  filter.setImage(image, PadMode::None, ChannelMode::PerChannel);
  const SpectrumMagnitudes m = filter.magnitudes(filter.displayPlane());
  FftwBackend fftw;
  const Spectrum full = analyseImage(image, PadMode::None, ChannelMode::Luminance, fftw).planes.at(0);
  ASSERT_EQ(m.rows, 201);
  ASSERT_EQ(m.cols, 300);
  EXPECT_EQ(m.keptCols, 151);
  ASSERT_EQ(m.values.size(), std::size_t(m.rows) * std::size_t(m.keptCols));
  double worst = 0, largest = 0;
  for (int y = 0; y < m.rows; ++y)
    for (int x = 0; x < m.cols; ++x) {
      const double want = std::abs(full.bins[std::size_t(y) * std::size_t(full.cols) + std::size_t(x)]);
      worst = std::max(worst, std::abs(double(m.at(x, y)) - want));
      largest = std::max(largest, want);
    }
  EXPECT_LT(worst / largest, 1e-6);
}

TEST(DeviceImageFilter, AColourImageFilteredPerChannelShowsItsLuminance) {
  if (!device()) GTEST_SKIP() << "no OpenCL device";
  DeviceImageFilter filter(*device());
  filter.setImage(colourVersion(makeSampleImage().noisy), PadMode::Mirror, ChannelMode::PerChannel);
  ASSERT_EQ(filter.planeCount(), 4u);
  ASSERT_EQ(filter.displayPlane(), 3u);
  // The FFT is linear: Y's spectrum is the weighted sum of R's, G's and B's.
  Spectrum y = filter.spectrum(3), r = filter.spectrum(0), g = filter.spectrum(1), b = filter.spectrum(2);
  double num = 0, den = 0;
  for (std::size_t i = 0; i < y.bins.size(); ++i) {
    std::complex<float> sum = 0.299f * r.bins[i] + 0.587f * g.bins[i] + 0.114f * b.bins[i];
    num += std::norm(y.bins[i] - sum);
    den += std::norm(sum);
  }
  EXPECT_LT(std::sqrt(num / den), 1e-6);
  Mask pass{512, 512, std::vector<float>(512 * 512, 1.0f)};
  EXPECT_EQ(filter.filter(pass).channels, 3);  // three planes filtered, not four
}

TEST(DeviceImageFilter, AnImageTooLargeForTheDeviceKeepsThePreviousOne) {
  if (!device()) GTEST_SKIP() << "no OpenCL device";
  // The same device, described as one that allocates at most 4 MiB at a time.
  cl::DeviceInfo small = device()->device();
  small.maxAllocBytes = 4 << 20;
  cl::DeviceContext smallDevice(small);
  DeviceImageFilter filter(smallDevice);
  filter.setImage(makeSampleImage().noisy, PadMode::Zero, ChannelMode::PerChannel);  // 2 MiB of spectrum
  Image large{600, 600, 1, 8, std::vector<float>(600 * 600, 1.0f), {}};            // pads to 1024 x 1024: 8 MiB
  try {
    filter.setImage(large, PadMode::Zero, ChannelMode::PerChannel);
    FAIL() << "a 1024 x 1024 transform was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("allocates at most 4194304"), std::string::npos) << e.what();
  }
  EXPECT_EQ(filter.geometry().width, 512);
  Mask pass{512, 512, std::vector<float>(512 * 512, 1.0f)};
  Image again = filter.filter(pass);
  EXPECT_EQ(again.width, 512);
  EXPECT_NEAR(again.data[1000], makeSampleImage().noisy.data[1000], 1.0f);
}

}  // namespace
}  // namespace fftscope::imaging
