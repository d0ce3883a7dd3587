// FFmpeg's threaded decoder behind VideoReader against OpenCV's reader of the same files: every
// frame the same sample for sample, at the same size, rate and declared count, for each codec the
// filter writes, at a size whose colour conversion is cut into slices, converted on the caller's
// thread and on the decoder's conversion threads; a file cut short reads up to its cut and ends,
// and what FFmpeg cannot read is refused with its reason.
#include "../io/ScratchFolder.h"
#include "video/Decoder.h"
#include "video/Encoder.h"
#include "video/VideoFile.h"

#include <gtest/gtest.h>
#include <opencv2/core.hpp>
#include <opencv2/videoio.hpp>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <future>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace fftscope::video {
namespace {

using io::test::ScratchFolder;

// Stripes moving a little each frame, in colour, with noise: chroma that varies from row to row,
// so that slices of the conversion would show at their seams.
std::vector<std::uint8_t> stripes(int width, int height, int index, std::mt19937& random) {
  std::vector<std::uint8_t> samples(std::size_t(width) * height * 3);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      for (int c = 0; c < 3; ++c)
        samples[(std::size_t(y) * width + x) * 3 + c] =
            std::uint8_t(((x + 3 * index) / (4 + c) + (y * (c + 1)) / 7) % 2 * 150 + random() % 60 + 20 * c);
  return samples;
}

std::filesystem::path writeVideo(const std::filesystem::path& path, const std::string& fourcc, int width, int height,
                                 int frames) {
  std::mt19937 random(7);
  Encoder encoder(path, fourcc, width, height, 3, 25, 2);
  for (int i = 0; i < frames; ++i) encoder.write(stripes(width, height, i, random).data());
  encoder.finish();
  return path;
}

struct Clip {
  const char* fourcc;
  int width, height;
};

class DecodedLikeOpenCv : public ::testing::TestWithParam<Clip> {};

// Widths a whole number of swscale's blocks (converted in place) and not (854, 426: converted
// into padded rows); guard bytes after the frame must stay as they were.
TEST_P(DecodedLikeOpenCv, EveryFrameSampleForSample) {
  const std::string fourcc = GetParam().fourcc;
  const std::string extension = fourcc == "mp4v" ? ".mp4" : fourcc == "MJPG" ? ".avi" : ".mkv";
  const int width = GetParam().width, height = GetParam().height, frames = 30;
  ScratchFolder folder;
  const auto path = writeVideo(folder / ("clip" + extension), fourcc, width, height, frames);

  cv::VideoCapture capture(path.string(), cv::CAP_FFMPEG);
  ASSERT_TRUE(capture.isOpened());
  Decoder decoder(path);
  ASSERT_EQ(decoder.width(), width);
  ASSERT_EQ(decoder.height(), height);
  EXPECT_NEAR(decoder.framesPerSecond(), capture.get(cv::CAP_PROP_FPS), 1e-9);
  EXPECT_EQ(decoder.declaredFrames(), long(capture.get(cv::CAP_PROP_FRAME_COUNT)));
  constexpr std::size_t kGuard = 256;
  const std::size_t bytes = std::size_t(width) * height * 3;
  std::vector<std::uint8_t> buffer(bytes + kGuard, 0xA5);
  cv::Mat theirs;
  int read = 0;
  while (decoder.read(buffer.data())) {
    const std::vector<std::uint8_t> ours(buffer.begin(), buffer.begin() + std::ptrdiff_t(bytes));
    ASSERT_TRUE(std::all_of(buffer.begin() + std::ptrdiff_t(bytes), buffer.end(), [](std::uint8_t b) { return b == 0xA5; }))
        << "written past the frame, " << fourcc << " " << width << "x" << height << " frame " << read;
    ASSERT_TRUE(capture.read(theirs)) << "OpenCV ended before frame " << read;
    ASSERT_EQ(theirs.type(), CV_8UC3);
    ASSERT_TRUE(theirs.isContinuous());
    const std::vector<std::uint8_t> expected(theirs.data, theirs.data + ours.size());
    ASSERT_EQ(ours, expected) << fourcc << " " << width << "x" << height << " frame " << read;
    ++read;
  }
  EXPECT_EQ(read, frames);
  EXPECT_FALSE(capture.read(theirs)) << "OpenCV has frames after ours ended";
  EXPECT_FALSE(decoder.read(buffer.data())) << "a read after the end";
}

// The same with every conversion on the decoder's threads, all the frames in flight at once.
TEST_P(DecodedLikeOpenCv, EveryFrameSampleForSampleConvertedOnThreads) {
  const std::string fourcc = GetParam().fourcc;
  const std::string extension = fourcc == "mp4v" ? ".mp4" : fourcc == "MJPG" ? ".avi" : ".mkv";
  const int width = GetParam().width, height = GetParam().height, frames = 30;
  ScratchFolder folder;
  const auto path = writeVideo(folder / ("clip" + extension), fourcc, width, height, frames);

  Decoder decoder(path, 3);
  constexpr std::size_t kGuard = 256;
  const std::size_t bytes = std::size_t(width) * height * 3;
  std::vector<std::vector<std::uint8_t>> buffers;
  std::vector<std::future<void>> converted;
  for (;;) {
    std::vector<std::uint8_t> buffer(bytes + kGuard, 0xA5);
    std::optional<std::future<void>> later = decoder.readLater(buffer.data());  // the data stays put when moved
    if (!later) break;
    buffers.push_back(std::move(buffer));
    converted.push_back(std::move(*later));
  }
  ASSERT_EQ(buffers.size(), std::size_t(frames));
  EXPECT_FALSE(decoder.readLater(buffers.front().data())) << "a read after the end";
  for (std::future<void>& done : converted) done.get();

  cv::VideoCapture capture(path.string(), cv::CAP_FFMPEG);
  ASSERT_TRUE(capture.isOpened());
  cv::Mat theirs;
  for (int i = 0; i < frames; ++i) {
    const std::vector<std::uint8_t>& buffer = buffers[std::size_t(i)];
    ASSERT_TRUE(std::all_of(buffer.begin() + std::ptrdiff_t(bytes), buffer.end(), [](std::uint8_t b) { return b == 0xA5; }))
        << "written past the frame, " << fourcc << " " << width << "x" << height << " frame " << i;
    ASSERT_TRUE(capture.read(theirs)) << "OpenCV ended before frame " << i;
    ASSERT_TRUE(theirs.isContinuous());
    ASSERT_TRUE(std::equal(buffer.begin(), buffer.begin() + std::ptrdiff_t(bytes), theirs.data))
        << fourcc << " " << width << "x" << height << " frame " << i;
  }
  EXPECT_GT(decoder.timings().convertMs, 0.0);
}

INSTANTIATE_TEST_SUITE_P(Codecs, DecodedLikeOpenCv,
                         ::testing::Values(Clip{"mp4v", 640, 360}, Clip{"MJPG", 640, 360}, Clip{"FFV1", 640, 360},
                                           Clip{"mp4v", 854, 480}, Clip{"mp4v", 426, 240}, Clip{"MJPG", 854, 480}),
                         [](const auto& info) {
                           return std::string(info.param.fourcc) + "_" + std::to_string(info.param.width) + "x" +
                                  std::to_string(info.param.height);
                         });

// A Matroska file cut at 60%: the frames before the cut, then the end (or a clear error), and no
// more memory than a frame's.
TEST(Decoder, AFileCutShortReadsToItsCut) {
  ScratchFolder folder;
  const auto path = writeVideo(folder / "cut.mkv", "FFV1", 160, 120, 40);
  const auto size = std::filesystem::file_size(path);
  std::filesystem::resize_file(path, size * 6 / 10);
  VideoReader reader(path);
  FrameSamples frame;
  int read = 0;
  try {
    while (reader.read(frame)) ++read;
  } catch (const std::runtime_error& e) {
    SUCCEED() << "ended with: " << e.what();
  }
  EXPECT_GE(read, 10);
  EXPECT_LT(read, 40);
}

TEST(Decoder, WhatFfmpegCannotReadIsRefusedWithItsReason) {
  ScratchFolder folder;
  const auto text = folder / "notes.mkv";
  std::ofstream(text) << "not a video\n";
  try {
    VideoReader reader(text);
    FAIL() << "a text file was read as video";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("notes.mkv: not a video file FFmpeg can read: "), std::string::npos) << what;
    EXPECT_NE(what.find('('), std::string::npos) << "no reason: " << what;
  }
  const auto empty = folder / "empty.mp4";
  std::ofstream{empty};
  EXPECT_THROW(VideoReader{empty}, std::runtime_error);
}

}  // namespace
}  // namespace fftscope::video
