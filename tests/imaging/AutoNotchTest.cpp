// Auto notch on the sample image: the stripes are found, removed (energy at their frequencies
// down by at least 20 dB) and the image comes closer to the clean scene (PSNR up by at least
// 10 dB); the clean scene itself yields no notch.
#include "imaging/AutoNotch.h"

#include "imaging/FftwBackend.h"
#include "imaging/FilterPipeline.h"
#include "imaging/ImageMetrics.h"
#include "imaging/SampleImage.h"
#include "imaging/SpectralFilter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <numbers>
#include <random>

namespace fftscope::imaging {
namespace {

constexpr int kSize = 512;

// Power at the bins of the stripes and their twins, in the unpadded spectrum of a grey image.
double stripePower(const Image& image, const std::vector<StripePattern>& stripes) {
  FftwBackend fft;
  const Spectrum s = forwardSpectrum(image.data, padGeometry(image.width, image.height), PadMode::Zero, fft);
  double power = 0.0;
  for (const StripePattern& stripe : stripes)
    for (const int sign : {1, -1}) {
      const int kx = int(std::lround(sign * stripe.fx * s.cols) + s.cols) % s.cols;
      const int ky = int(std::lround(sign * stripe.fy * s.rows) + s.rows) % s.rows;
      power += std::norm(s.bins[std::size_t(ky) * std::size_t(s.cols) + std::size_t(kx)]);
    }
  return power;
}

FilterSpec notchesOf(const std::vector<NotchSuggestion>& suggestions) {
  FilterSpec spec;
  for (const NotchSuggestion& s : suggestions) spec.notches.push_back(s.notch);
  return spec;
}

Image withStripe(const Image& clean, StripePattern stripe) {
  Image noisy = clean;
  for (int y = 0; y < clean.height; ++y)
    for (int x = 0; x < clean.width; ++x) {
      // Not rounded: the rounding error of a sinusoid on integer samples is periodic too, with
      // peaks of its own at the harmonics.
      noisy.data[std::size_t(y) * std::size_t(clean.width) + std::size_t(x)] +=
          float(stripe.amplitude * std::cos(2.0 * std::numbers::pi * (stripe.fx * x + stripe.fy * y)));
    }
  return noisy;
}

TEST(AutoNotch, RemovesTheSampleStripes) {
  const SampleImage sample = makeSampleImage();
  FftwBackend fft;
  const SpectralImage analysed = analyseImage(sample.noisy, PadMode::Mirror, ChannelMode::PerChannel, fft);
  const std::vector<NotchSuggestion> suggestions = suggestNotches(analysed.planes[0]);
  ASSERT_EQ(suggestions.size(), sample.stripes.size());
  for (const StripePattern& stripe : sample.stripes) {
    bool found = false;
    for (const NotchSuggestion& s : suggestions)
      found = found || (std::abs(s.notch.fx - stripe.fx) <= 0.5 / kSize && std::abs(s.notch.fy - stripe.fy) <= 0.5 / kSize);
    EXPECT_TRUE(found) << "no notch near (" << stripe.fx << ", " << stripe.fy << ")";
  }

  const Image filtered = synthesiseImage(analysed, buildMask(kSize, kSize, notchesOf(suggestions)), fft);
  const double reductionDb = 10.0 * std::log10(stripePower(filtered, sample.stripes) / stripePower(sample.noisy, sample.stripes));
  const double psnrBefore = psnr(sample.noisy, sample.clean), psnrAfter = psnr(filtered, sample.clean);
  std::cout << "[ measured ] stripe power change " << reductionDb << " dB; PSNR against clean " << psnrBefore
            << " dB -> " << psnrAfter << " dB (gain " << psnrAfter - psnrBefore << " dB)\n";
  RecordProperty("stripe_power_change_db", std::to_string(reductionDb));
  RecordProperty("psnr_gain_db", std::to_string(psnrAfter - psnrBefore));
  EXPECT_LE(reductionDb, -20.0);
  EXPECT_GE(psnrAfter - psnrBefore, 10.0);
}

TEST(AutoNotch, FindsNothingInTheCleanScene) {
  FftwBackend fft;
  const SpectralImage analysed = analyseImage(makeSampleImage().clean, PadMode::Mirror, ChannelMode::PerChannel, fft);
  const std::vector<NotchSuggestion> suggestions = suggestNotches(analysed.planes[0]);
  for (const NotchSuggestion& s : suggestions)
    ADD_FAILURE() << "notch at (" << s.notch.fx << ", " << s.notch.fy << "), " << s.prominenceDb << " dB";
}

TEST(AutoNotch, LocatesAStripeBetweenBins) {
  const StripePattern stripe{0.2, 0.07, 15.0};  // bins (102.4, 35.84) of 512
  const Image clean = makeSampleImage().clean;
  const Image noisy = withStripe(clean, stripe);
  FftwBackend fft;
  const SpectralImage analysed = analyseImage(noisy, PadMode::Mirror, ChannelMode::PerChannel, fft);
  const std::vector<NotchSuggestion> suggestions = suggestNotches(analysed.planes[0]);
  ASSERT_EQ(suggestions.size(), 1u);
  EXPECT_NEAR(suggestions[0].notch.fx, stripe.fx, 0.25 / kSize);
  EXPECT_NEAR(suggestions[0].notch.fy, stripe.fy, 0.25 / kSize);
  const Image filtered = synthesiseImage(analysed, buildMask(kSize, kSize, notchesOf(suggestions)), fft);
  const double gain = psnr(filtered, clean) - psnr(noisy, clean);
  std::cout << "[ measured ] between bins: radius " << suggestions[0].notch.radius * kSize << " bins, PSNR gain " << gain << " dB\n";
  EXPECT_GE(gain, 6.0);
}

TEST(AutoNotch, LeavesThingsNearDcAlone) {
  const StripePattern slow{9.0 / kSize, 0.0, 15.0};  // 0.0176 cycles per pixel
  Image flat{kSize, kSize, 1, 8, {}, {}};  // grey 100 with white noise, so that the background is not zero
  std::mt19937 random(3);
  std::normal_distribution<float> noise(100.0f, 2.0f);
  for (int i = 0; i < kSize * kSize; ++i) flat.data.push_back(noise(random));
  FftwBackend fft;
  const SpectralImage analysed = analyseImage(withStripe(flat, slow), PadMode::Mirror, ChannelMode::PerChannel, fft);
  EXPECT_TRUE(suggestNotches(analysed.planes[0]).empty());
  AutoNotchOptions options;
  options.minFrequency = 0.01;
  const std::vector<NotchSuggestion> suggestions = suggestNotches(analysed.planes[0], options);
  ASSERT_EQ(suggestions.size(), 1u);
  EXPECT_NEAR(suggestions[0].notch.fx, slow.fx, 0.1 / kSize);
  EXPECT_NEAR(suggestions[0].notch.fy, 0.0, 0.1 / kSize);
}

TEST(AutoNotch, WorksThroughPaddingOnAnySize) {
  // The sample cropped to 400 x 300 is padded to 512 x 512 with its own reflection.
  const SampleImage sample = makeSampleImage();
  const auto crop = [](const Image& image) {
    Image out{400, 300, 1, 8, {}, {}};
    for (int y = 0; y < 300; ++y)
      for (int x = 0; x < 400; ++x) out.data.push_back(image.data[std::size_t(y) * 512 + std::size_t(x)]);
    return out;
  };
  const Image clean = crop(sample.clean), noisy = crop(sample.noisy);
  FftwBackend fft;
  const SpectralImage analysed = analyseImage(noisy, PadMode::Mirror, ChannelMode::PerChannel, fft);
  const std::vector<NotchSuggestion> suggestions = suggestNotches(analysed.planes[0]);
  EXPECT_GE(suggestions.size(), sample.stripes.size());
  const Image filtered = synthesiseImage(analysed, buildMask(512, 512, notchesOf(suggestions)), fft);
  const double gain = psnr(filtered, clean) - psnr(noisy, clean);
  std::cout << "[ measured ] 400 x 300: " << suggestions.size() << " notches, PSNR gain " << gain << " dB\n";
  EXPECT_GE(gain, 6.0);
}

// A peak a notch already covers, directly or through its twin, is not proposed again.
TEST(AutoNotch, LeavesNotchedPeaksAlone) {
  const std::vector<NotchSuggestion> found{{{0.10, 0.05, 0.01, NotchEdge::Soft}, 30.0},
                                           {{0.20, -0.10, 0.01, NotchEdge::Soft}, 25.0},
                                           {{-0.30, 0.20, 0.01, NotchEdge::Soft}, 20.0}};
  const std::vector<Notch> placed{{0.102, 0.049, 0.01, NotchEdge::Soft},    // over the first
                                  {-0.20, 0.10, 0.005, NotchEdge::Hard}};  // the second's twin
  const std::vector<NotchSuggestion> left = withoutNotched(found, placed);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_DOUBLE_EQ(left[0].notch.fx, -0.30);
  EXPECT_EQ(withoutNotched(found, {}).size(), 3u);
}

}  // namespace
}  // namespace fftscope::imaging
