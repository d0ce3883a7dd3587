// Output samples made on the device (cropped, mapped, rounded to 8 or 16 bits) against the host's
// mapOutputRange: exactly equal for the same filtered values, and within one level of the FFTW
// host pipeline, for every output range, both bit depths, grey and colour, padded or not.
#include "DeviceFixture.h"
#include "imaging/device/DeviceMask.h"
#include "imaging/device/DeviceSpectralFilter.h"
#include "imaging/DeviceFilterParameters.h"
#include "imaging/DeviceImageFilter.h"
#include "imaging/FilterPipeline.h"
#include "imaging/FftwBackend.h"
#include "TestFiles.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>

namespace fftscope::imaging {
namespace {

// The test binary's one context (DeviceFixture.h), so each kernel is built once.
cl::DeviceContext* device() { return fftscope::testing::sharedDevice(); }

// A textured image with fine stripes, whose band-pass result is signed and spans a wide range.
Image testImage(int width, int height, int channels, int bitDepth) {
  const float top = maxSampleValue(bitDepth);
  return test::makeImage(width, height, channels, bitDepth, [&](int x, int y, int c) {
    const double v = 0.45 + 0.25 * std::sin(0.05 * x + 0.03 * y * (c + 1)) + 0.2 * ((x / 2 + y + c) % 2) +
                     0.08 * std::cos(0.9 * x * y + c);
    return std::round(float(top * std::clamp(v, 0.0, 1.0)));
  });
}

FilterSpec bandPassWithNotch() {
  FilterSpec spec;
  spec.base = {FilterKind::BandPass, FilterShape::Butterworth, 0.03, 0.3, 2};
  spec.notches.push_back({0.25, 0.0, 0.02, NotchEdge::Soft});
  return spec;
}

// Clip keeps the source's range: a filter that keeps the mean shows it, a band-pass would not.
FilterSpec specFor(OutputRange range) {
  FilterSpec spec = bandPassWithNotch();
  if (range == OutputRange::Clip) spec.base = {FilterKind::LowPass, FilterShape::Gaussian, 0.15, 0.3, 2};
  return spec;
}

float sampleAt(const HostSamples& samples, std::size_t i) {
  switch (samples.bytesPerSample) {
    case 1: return float(static_cast<const std::uint8_t*>(samples.data)[i]);
    case 2: return float(static_cast<const std::uint16_t*>(samples.data)[i]);
    default: return static_cast<const float*>(samples.data)[i];
  }
}

struct Case {
  const char* name;
  OutputRange range;
  int bitDepth, channels, width, height;
  PadMode pad;
};

class DeviceOutputSamples : public ::testing::TestWithParam<Case> {};

TEST_P(DeviceOutputSamples, EqualTheHostMappingOfTheSameValuesAndTheFftwPipelineToOneLevel) {
  if (!device()) GTEST_SKIP() << "no OpenCL device";
  if (!DeviceMask::available(device()->device())) GTEST_SKIP() << "no double precision";
  const Case& c = GetParam();
  const Image image = testImage(c.width, c.height, c.channels, c.bitDepth);
  const FilterSpec spec = specFor(c.range);
  DeviceImageFilter filter(*device());
  filter.setImage(image, c.pad, ChannelMode::PerChannel);

  // The same filtered values come back as floats and are mapped on the host.
  const FilteredSamples exact = filter.filterSamples(spec);
  const Image expected = c.range == OutputRange::Float ? exact.image : mapOutputRange(exact, c.range);
  const HostSamples& samples = filter.filterOutput(spec, c.range);
  ASSERT_EQ(samples.count(), expected.data.size());
  EXPECT_EQ(samples.bytesPerSample, c.range == OutputRange::Float ? 4u : c.bitDepth == 16 ? 2u : 1u);
  EXPECT_EQ(samples.width, std::size_t(c.width));
  EXPECT_EQ(samples.planes, std::size_t(c.channels));
  std::size_t unequal = 0;
  for (std::size_t i = 0; i < expected.data.size(); ++i) unequal += sampleAt(samples, i) != expected.data[i];
  EXPECT_EQ(unequal, 0u);
  // The output spans its range (a test that maps everything to one level would pass above too).
  const auto [lo, hi] = std::minmax_element(expected.data.begin(), expected.data.end());
  EXPECT_GT(*hi - *lo, c.range == OutputRange::Float ? 10.0f : 0.1f * maxSampleValue(c.bitDepth));

  // Against FFTW on the host with the host's mask: rounding may differ by one level where the
  // exact value lies near a half; a 16-bit level is 257 times finer, so more samples lie near one
  // (here none in 8 bits, up to 0.5% in 16).
  if (c.range == OutputRange::Float) return;
  FftwBackend fftw;
  const SpectralImage analysed = analyseImage(image, c.pad, ChannelMode::PerChannel, fftw);
  const Image host = mapOutputRange(
      synthesiseSamples(analysed, buildMask(analysed.geometry.paddedHeight, analysed.geometry.paddedWidth, spec), fftw),
      c.range);
  float worst = 0;
  std::size_t differing = 0;
  for (std::size_t i = 0; i < host.data.size(); ++i) {
    const float d = std::abs(sampleAt(samples, i) - host.data[i]);
    worst = std::max(worst, d);
    differing += d > 0;
  }
  EXPECT_LE(worst, 1.0f);
  EXPECT_LT(double(differing) / double(host.data.size()), c.bitDepth == 16 ? 1e-2 : 1e-3);
}

INSTANTIATE_TEST_SUITE_P(
    Ranges, DeviceOutputSamples,
    ::testing::Values(Case{"clipGreyPadded", OutputRange::Clip, 8, 1, 100, 75, PadMode::Mirror},
                      Case{"offsetGreyPadded", OutputRange::Offset, 8, 1, 100, 75, PadMode::Mirror},
                      Case{"stretchGreyPadded", OutputRange::Stretch, 8, 1, 100, 75, PadMode::Mirror},
                      Case{"floatGreyPadded", OutputRange::Float, 8, 1, 100, 75, PadMode::Mirror},
                      Case{"clipColourOdd", OutputRange::Clip, 8, 3, 45, 33, PadMode::None},
                      Case{"offsetColourPadded", OutputRange::Offset, 8, 3, 60, 40, PadMode::Zero},
                      Case{"stretchColourOdd", OutputRange::Stretch, 8, 3, 45, 33, PadMode::None},
                      Case{"floatColourPadded", OutputRange::Float, 8, 3, 60, 40, PadMode::Mean},
                      Case{"clip16Padded", OutputRange::Clip, 16, 1, 100, 75, PadMode::Mirror},
                      Case{"offset16Colour", OutputRange::Offset, 16, 3, 45, 33, PadMode::None},
                      Case{"stretch16Padded", OutputRange::Stretch, 16, 1, 100, 75, PadMode::Mirror},
                      // Several work-groups' partial ranges per plane.
                      Case{"stretchColourLarge", OutputRange::Stretch, 8, 3, 300, 200, PadMode::Mirror}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(DeviceOutput, PlaneAfterPlaneHoldsTheSameSamplesAsInterleaved) {
  if (!device()) GTEST_SKIP() << "no OpenCL device";
  if (!DeviceMask::available(device()->device())) GTEST_SKIP() << "no double precision";
  const Image image = testImage(48, 40, 3, 8);
  DeviceSpectralFilter filter(*device(), 64, 64);
  const PadGeometry geometry = padGeometry(48, 40, PadMode::Mirror);
  filter.setPlanes(3, [&](std::size_t p) { return padPlane(channelPlane(image, int(p)), geometry, PadMode::Mirror); });
  const FilterSpec spec = bandPassWithNotch();
  for (OutputRange range : {OutputRange::Clip, OutputRange::Stretch}) {
    const HostSamples& interleaved = filter.filter(spec, deviceOutputFormat(range, 8, 0, 255, geometry, true));
    const std::vector<std::uint8_t> copy(static_cast<const std::uint8_t*>(interleaved.data),
                                         static_cast<const std::uint8_t*>(interleaved.data) + interleaved.bytes());
    const HostSamples& planar = filter.filter(spec, deviceOutputFormat(range, 8, 0, 255, geometry, false));
    ASSERT_EQ(planar.bytes(), copy.size());
    EXPECT_FALSE(planar.interleaved);
    std::size_t unequal = 0;
    for (std::size_t p = 0; p < 3; ++p)
      for (std::size_t y = 0; y < 40; ++y)
        for (std::size_t x = 0; x < 48; ++x)
          unequal += static_cast<const std::uint8_t*>(planar.data)[planar.index(p, x, y)] != copy[(y * 48 + x) * 3 + p];
    EXPECT_EQ(unequal, 0u) << outputRangeName(range);
  }
  // The launches are timed: mask, per plane mask product, inverse, real part, and the mapping.
  bool mapped = false, masked = false;
  for (const TimingRecord& t : filter.lastTimings()) {
    mapped |= t.pass.elementwise.name == "map_samples";
    masked |= t.pass.elementwise.name == "build_mask";
  }
  EXPECT_TRUE(mapped && masked);
}

TEST(DeviceOutput, RefusesAFormatThatDoesNotFitBeforeAnythingIsEnqueued) {
  if (!device()) GTEST_SKIP() << "no OpenCL device";
  if (!DeviceMask::available(device()->device())) GTEST_SKIP() << "no double precision";
  DeviceSpectralFilter filter(*device(), 16, 16);
  filter.setPlanes({std::vector<float>(256, 1.0f)});
  OutputFormat format;
  format.x = 8;
  format.width = 9;
  EXPECT_THROW(filter.filter(FilterSpec{}, format), std::invalid_argument);
  format = OutputFormat{};
  format.bitDepth = 12;
  EXPECT_THROW(filter.filter(FilterSpec{}, format), std::invalid_argument);
  format.bitDepth = 8;
  format.clipLow = 200;
  format.clipHigh = 100;
  EXPECT_THROW(filter.filter(FilterSpec{}, format), std::invalid_argument);
  // An all-pass of a flat plane: every sample is the plane's value.
  format.clipLow = 0;
  format.clipHigh = 255;
  const HostSamples& samples = filter.filter(FilterSpec{}, format);
  ASSERT_EQ(samples.count(), 256u);
  EXPECT_EQ(static_cast<const std::uint8_t*>(samples.data)[17], 1);
}

}  // namespace
}  // namespace fftscope::imaging
