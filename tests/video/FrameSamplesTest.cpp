// Frames as the file holds them (FrameSamples, the batched device filter's form) against the
// Images the file mode reads: the same samples, blue first in colour, and written back through
// the lossless FFV1 codec unchanged.
#include "VideoTestSupport.h"

#include "../io/ScratchFolder.h"
#include "video/VideoFile.h"

#include <gtest/gtest.h>

namespace fftscope::video {
namespace {

using io::test::ScratchFolder;

class FrameSamplesOf : public ::testing::TestWithParam<bool> {};

TEST_P(FrameSamplesOf, AreTheImagesSamplesInTheFilesOrder) {
  const bool grey = GetParam();
  ScratchFolder folder;
  test::makeStripesVideo(folder / "in.mkv", "FFV1", 40, 24, 3, 25, grey);
  const test::DecodedVideo images = test::decodeAll(folder / "in.mkv");
  ASSERT_EQ(images.frames.size(), 3u);

  VideoReader reader(folder / "in.mkv");
  const int channels = reader.info().channels;
  ASSERT_EQ(channels, grey ? 1 : 3);
  VideoWriter writer(folder / "out.mkv", folder / "in.mkv", reader.info());
  FrameSamples samples;
  std::size_t frame = 0;
  while (reader.read(samples)) {
    ASSERT_LT(frame, images.frames.size());
    const imaging::Image& image = images.frames[frame];
    ASSERT_EQ(samples.size(), image.data.size());
    bool differ = false;
    for (std::size_t p = 0; p < image.pixelCount(); ++p)
      for (int c = 0; c < channels; ++c) {
        const int fromFile = samples[p * channels + c];
        const int inImage = int(image.data[p * channels + (channels == 3 ? 2 - c : 0)]);  // RGB there
        differ = differ || fromFile != inImage;
      }
    EXPECT_FALSE(differ) << "frame " << frame;
    writer.write(samples);
    ++frame;
  }
  EXPECT_EQ(frame, 3u);
  writer.commit();
  const test::DecodedVideo back = test::decodeAll(folder / "out.mkv");
  ASSERT_EQ(back.frames.size(), 3u);
  for (std::size_t f = 0; f < back.frames.size(); ++f)
    EXPECT_EQ(test::difference(back.frames[f], images.frames[f]).max, 0) << "frame " << f;
}

INSTANTIATE_TEST_SUITE_P(Channels, FrameSamplesOf, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "grey" : "colour"; });

TEST(FrameSamples, AWrongCountIsRefused) {
  ScratchFolder folder;
  test::makeStripesVideo(folder / "in.mkv", "FFV1", 16, 16, 1, 25, false);
  VideoReader reader(folder / "in.mkv");
  VideoWriter writer(folder / "out.mkv", folder / "in.mkv", reader.info());
  EXPECT_THROW(writer.write(FrameSamples(16 * 16)), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::video
