// The tone check that verifies huge transforms: FFTW's transform of the tones meets their exact
// spectrum to rounding, one wrong output is seen, and the links measure as positive rates.
#include "SubDeviceContexts.h"

#include "engine/multi/LinkBandwidth.h"
#include "engine/multi/ToneSignal.h"
#include "engine/reference/FftwReference.h"

#include <gtest/gtest.h>

namespace fftscope::multi {
namespace {

TEST(ToneSignal, FftwOfTheTonesIsTheirExactSpectrum) {
  for (Direction direction : {Direction::Forward, Direction::Inverse}) {
    const std::size_t n = 3 * 4096;
    const std::vector<Tone> tones = someTones(n, 5, 11);
    ASSERT_EQ(tones.size(), 5u);
    std::vector<std::complex<double>> x(n);
    writeTones<double>(x, tones, direction);
    const auto reference = referenceTransform(x, 1, n, 1, false, direction);
    std::vector<std::complex<double>> spectrum(reference.begin(), reference.end());
    EXPECT_LT(toneError<double>(spectrum, tones, direction), 1e-13);
    spectrum[(tones[0].frequency + 1) % n] += std::abs(spectrum[tones[0].frequency]) * 1e-6;
    EXPECT_GT(toneError<double>(spectrum, tones, direction), 1e-7);
  }
}

TEST(LinkBandwidth, MeasuresEachDirectionOfEachDevice) {
  std::vector<std::unique_ptr<cl::DeviceContext>> contexts;
  try {
    contexts = testing::subDeviceContexts(2);
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no OpenCL device: " << e.what();
  }
  std::vector<cl::DeviceContext*> devices{contexts[0].get(), contexts[1].get()};
  for (const LinkFigures& link : measureLinks(devices, std::size_t{1} << 20, 2)) {
    EXPECT_GT(link.uploadBytesPerSecond, 1e6);
    EXPECT_GT(link.downloadBytesPerSecond, 1e6);
    // Starting work on both at once: measured, never negative, and far from a second.
    EXPECT_GE(link.startSeconds, 0.0);
    EXPECT_LT(link.startSeconds, 0.5);
    EXPECT_GT(link.waitSeconds, 0.0);
    EXPECT_LT(link.waitSeconds, 0.5);
    // A relay to the other device: measured, and no faster than the memory it goes through.
    EXPECT_GT(link.relayBytesPerSecond, 1e6);
    EXPECT_LT(link.relayBytesPerSecond, 1e13);
  }
}

}  // namespace
}  // namespace fftscope::multi
