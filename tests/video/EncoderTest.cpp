// FFmpeg's threaded encoders behind VideoWriter: each codec's file read back by VideoReader at the
// frames, size and rate written (FFV1 sample for sample, the lossy codecs close to what was
// written), groups of pictures from several lanes in their order, frames converted on the
// encoder's threads as in write(), an odd rate kept as its fraction, and a failed write reported
// with FFmpeg's reason.
#include "VideoTestSupport.h"

#include "../io/ScratchFolder.h"
#include "video/Encoder.h"
#include "video/VideoFile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace fftscope::video {
namespace {

using io::test::ScratchFolder;

// Frame `index` (0..9) of a brightening diagonal ramp, blue-green-red or grey: smooth enough that
// a lossy codec keeps it close, and 8 levels from the next frame everywhere.
FrameSamples rampFrame(int width, int height, int channels, int index) {
  FrameSamples samples(std::size_t(width) * height * channels);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      for (int c = 0; c < channels; ++c)
        samples[(std::size_t(y) * width + x) * channels + c] =
            std::uint8_t(20 + x + y + 8 * index + 10 * c);
  return samples;
}

// The frame as VideoReader gives an Image: red, green, blue (or grey).
double meanDifference(const imaging::Image& image, const FrameSamples& written, int channels) {
  double sum = 0;
  for (std::size_t p = 0; p < image.pixelCount(); ++p)
    for (int c = 0; c < channels; ++c)
      sum += std::abs(image.data[p * channels + (channels == 3 ? 2 - c : 0)] - written[p * channels + c]);
  return sum / double(image.data.size());
}

class EncodedWith : public ::testing::TestWithParam<std::tuple<const char*, bool>> {};

TEST_P(EncodedWith, ReadsBackAtItsFramesSizeAndRate) {
  const auto [extension, grey] = GetParam();
  const int width = 64, height = 48, channels = grey ? 1 : 3, count = 10;
  ScratchFolder folder;
  const auto path = folder / (std::string("out") + extension);
  std::vector<FrameSamples> written;
  {
    VideoWriter writer(path, {}, VideoInfo{width, height, 25, 0, channels});
    for (int i = 0; i < count; ++i) {
      written.push_back(rampFrame(width, height, channels, i));
      writer.write(written.back());
    }
    writer.commit();
  }
  const test::DecodedVideo video = test::decodeAll(path);
  ASSERT_EQ(video.frames.size(), std::size_t(count));
  EXPECT_EQ(video.width, width);
  EXPECT_EQ(video.height, height);
  EXPECT_NEAR(video.fps, 25, 1e-6);
  EXPECT_EQ(video.frames[0].channels, channels);
  const bool lossless = std::string(extension) == ".mkv";
  for (int i = 0; i < count; ++i) {
    const double d = meanDifference(video.frames[i], written[i], channels);
    if (lossless)
      EXPECT_EQ(d, 0) << "frame " << i;
    else
      EXPECT_LT(d, 3) << "frame " << i;  // 4:2:0 and quantisation; a neighbour frame is 8 off
  }
}

INSTANTIATE_TEST_SUITE_P(Codecs, EncodedWith,
                         ::testing::Combine(::testing::Values(".mp4", ".mov", ".avi", ".mkv"), ::testing::Bool()),
                         [](const auto& info) {
                           return std::string(std::get<0>(info.param) + 1) +
                                  (std::get<1>(info.param) ? "_grey" : "_colour");
                         });

// Groups of 12 pictures dealt to three lanes in turn (the last of 7); the file must hold
// every frame in its place, and each group must begin with a key frame and hold no other.
class InLanes : public ::testing::TestWithParam<const char*> {};

TEST_P(InLanes, GroupsEncodedSideBySideComeOutInOrder) {
  const std::string fourcc = GetParam();
  const std::string extension = fourcc == "mp4v" ? ".mp4" : fourcc == "MJPG" ? ".avi" : ".mkv";
  const int width = 64, height = 48, count = 12 * 5 + 7;  // a last group of 7
  ScratchFolder folder;
  std::vector<FrameSamples> written;
  {
    Encoder encoder(folder / ("lanes" + extension), fourcc, width, height, 3, 25, 3);
    ASSERT_EQ(encoder.lanes(), 3);
    for (int i = 0; i < count; ++i) {
      written.push_back(rampFrame(width, height, 3, i % 10));  // a frame 12 off is 16 levels off
      encoder.write(written.back().data());
    }
    encoder.finish();
  }
  const test::DecodedVideo video = test::decodeAll(folder / ("lanes" + extension));
  ASSERT_EQ(video.frames.size(), std::size_t(count));
  EXPECT_NEAR(video.fps, 25, 1e-6);
  for (int i = 0; i < count; ++i) {
    const double d = meanDifference(video.frames[i], written[i], 3);
    if (fourcc == "FFV1")
      EXPECT_EQ(d, 0) << "frame " << i;
    else
      EXPECT_LT(d, 3) << "frame " << i;
  }
  // Motion JPEG's frames are all key frames.
  const std::vector<bool> keys = test::keyFrames(folder / ("lanes" + extension));
  ASSERT_EQ(keys.size(), std::size_t(count));
  for (int i = 0; i < count; ++i)
    EXPECT_EQ(keys[std::size_t(i)], fourcc == "MJPG" || i % 12 == 0) << "frame " << i;
}

INSTANTIATE_TEST_SUITE_P(Codecs, InLanes, ::testing::Values("mp4v", "MJPG", "FFV1"));

// Frames handed over with a release callback are converted on the encoder's threads: the file
// must decode sample for sample as the one written with every frame converted in write() (byte
// for byte but Matroska's, whose header holds a random identifier), every frame released once,
// and no frame read after its release (each is overwritten then).
class OnConversionThreads : public ::testing::TestWithParam<const char*> {};

TEST_P(OnConversionThreads, WriteTheFileConvertedInPlaceWrites) {
  const std::string fourcc = GetParam();
  const std::string extension = fourcc == "mp4v" ? ".mp4" : fourcc == "MJPG" ? ".avi" : ".mkv";
  const int width = 70, height = 46, count = 12 * 4 + 5;
  ScratchFolder folder;
  {
    Encoder encoder(folder / ("caller" + extension), fourcc, width, height, 3, 25, 3);
    for (int i = 0; i < count; ++i) encoder.write(rampFrame(width, height, 3, i % 10).data());
    encoder.finish();
  }
  std::vector<FrameSamples> frames;
  for (int i = 0; i < count; ++i) frames.push_back(rampFrame(width, height, 3, i % 10));
  std::vector<int> released(count, 0);
  {
    Encoder encoder(folder / ("pool" + extension), fourcc, width, height, 3, 25, 3);
    for (int i = 0; i < count; ++i)
      encoder.write(frames[i].data(), [&frames, &released, i] {
        ++released[i];
        std::fill(frames[i].begin(), frames[i].end(), std::uint8_t(255));
      });
    encoder.finish();
  }
  EXPECT_EQ(released, std::vector<int>(count, 1));
  const std::string caller = io::test::contents(folder / ("caller" + extension));
  EXPECT_FALSE(caller.empty());
  if (extension != ".mkv") {
    EXPECT_TRUE(caller == io::test::contents(folder / ("pool" + extension)));
  }
  const test::DecodedVideo a = test::decodeAll(folder / ("caller" + extension));
  const test::DecodedVideo b = test::decodeAll(folder / ("pool" + extension));
  ASSERT_EQ(a.frames.size(), std::size_t(count));
  ASSERT_EQ(b.frames.size(), std::size_t(count));
  for (int i = 0; i < count; ++i) EXPECT_EQ(a.frames[i].data, b.frames[i].data) << "frame " << i;
}

INSTANTIATE_TEST_SUITE_P(Codecs, OnConversionThreads, ::testing::Values("mp4v", "MJPG", "FFV1"));

// An encoder destroyed unfinished (a cancel, a failure elsewhere) with frames queued for its
// conversion threads and its lanes ends, whatever stage each frame was at, and releases no frame
// twice; repeated, as the stages' order differs from run to run.
TEST(Encoder, DestroyedWithFramesInFlightItEnds) {
  ScratchFolder folder;
  const int width = 640, height = 360, count = 48;
  const FrameSamples frame = rampFrame(width, height, 3, 1);
  for (int round = 0; round < 12; ++round) {
    std::vector<int> released(count, 0);
    {
      Encoder encoder(folder / "unfinished.mp4", "mp4v", width, height, 3, 25, 4);
      for (int i = 0; i < count; ++i) encoder.write(frame.data(), [&released, i] { ++released[i]; });
    }
    for (int i = 0; i < count; ++i) EXPECT_LE(released[i], 1) << "round " << round << " frame " << i;
  }
}

TEST(Encoder, KeepsAnNtscRateAsItsFraction) {
  ScratchFolder folder;
  const double ntsc = 30000.0 / 1001;
  {
    Encoder encoder(folder / "ntsc.mp4", "mp4v", 32, 32, 3, ntsc);
    for (int i = 0; i < 5; ++i) encoder.write(rampFrame(32, 32, 3, i).data());
    encoder.finish();
  }
  const test::DecodedVideo video = test::decodeAll(folder / "ntsc.mp4");
  EXPECT_EQ(video.frames.size(), 5u);
  EXPECT_NEAR(video.fps, ntsc, 1e-3);
}

TEST(Encoder, AFullDiskIsReportedWithItsReasonAgainOnTheNextFinish) {
  ScratchFolder folder;
  const auto link = folder / "full.mkv";
  std::filesystem::create_symlink("/dev/full", link);
  Encoder encoder(link, "FFV1", 256, 256, 3, 25, 2);
  std::string first;
  try {
    for (int i = 0; i < 50; ++i) encoder.write(rampFrame(256, 256, 3, i % 10).data());
    encoder.finish();
    FAIL() << "writing to /dev/full succeeded";
  } catch (const std::runtime_error& e) {
    first = e.what();
  }
  EXPECT_NE(first.find("No space left on device"), std::string::npos) << first;
  try {
    encoder.finish();
    ADD_FAILURE() << "a second finish succeeded";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(e.what(), first);
  }
  EXPECT_THROW(encoder.write(rampFrame(256, 256, 3, 0).data()), std::logic_error);
}

TEST(Encoder, RefusesWhatNoCodecTakes) {
  ScratchFolder folder;
  EXPECT_THROW(Encoder(folder / "a.mp4", "H264?", 32, 32, 3, 25), std::runtime_error);
  EXPECT_THROW(Encoder(folder / "a.mp4", "mp4v", 0, 32, 3, 25), std::invalid_argument);
  EXPECT_THROW(Encoder(folder / "a.mp4", "mp4v", 32, 32, 2, 25), std::invalid_argument);
  EXPECT_THROW(Encoder(folder / "a.mp4", "mp4v", 32, 32, 3, 0), std::invalid_argument);
  EXPECT_THROW(Encoder(folder / "a.mp4", "mp4v", 32, 32, 3, 25, -1), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::video
