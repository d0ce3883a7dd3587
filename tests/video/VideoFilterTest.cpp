// The video filter against the file mode: every decoded output frame equals the image filter of
// the same decoded input frame (exactly, give or take rounding, through the lossless FFV1 codec;
// within JPEG's error through MJPG at top quality), with the input's frame count, size and rate.
#include "VideoTestSupport.h"

#include "../io/ScratchFolder.h"
#include "DeviceFixture.h"
#include "imaging/FftwBackend.h"
#include "imaging/FilterPipeline.h"
#include "imaging/Mask.h"
#include "video/VideoFile.h"
#include "video/VideoFilter.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace fftscope::video {
namespace {

using io::test::ScratchFolder;
using test::DecodedVideo;
using test::decodeAll;
using test::difference;
using test::makeStripesVideo;

VideoFilterSettings lowPass() {
  VideoFilterSettings s;
  s.spec.base.kind = imaging::FilterKind::LowPass;
  s.spec.base.shape = imaging::FilterShape::Gaussian;
  s.spec.base.cutoff = 0.08;
  s.padMode = imaging::PadMode::Mirror;
  return s;
}

// What the file mode makes of one image with these settings.
imaging::Image fileModeResult(const imaging::Image& frame, const VideoFilterSettings& s, imaging::FftBackend& fft) {
  const imaging::SpectralImage analysed = imaging::analyseImage(frame, s.padMode, s.channelMode, fft);
  const imaging::Mask mask =
      imaging::buildMask(analysed.geometry.paddedHeight, analysed.geometry.paddedWidth, s.spec);
  return imaging::mapOutputRange(imaging::synthesiseSamples(analysed, mask, fft), s.range);
}

struct Case {
  const char* name;
  const char* fourcc;
  bool grey;
  double maxError;   // any sample
  double meanError;  // over all samples of a frame
};

class VideoMatchesFileMode : public ::testing::TestWithParam<Case> {};

TEST_P(VideoMatchesFileMode, EveryFrame) {
  const Case c = GetParam();
  ScratchFolder folder;
  const auto input = folder / (std::string("in") + c.name);
  const auto output = folder / (std::string("out") + c.name);
  makeStripesVideo(input, c.fourcc, 48, 32, 30, 12.5, c.grey);
  imaging::FftwBackend fftw;
  const VideoFilterSettings settings = lowPass();
  long progressCalls = 0;
  const VideoFilterReport report = filterVideo(input, output, settings, fftw, [&](long done, long) {
    EXPECT_EQ(done, ++progressCalls);
    return true;
  });
  EXPECT_FALSE(report.cancelled);
  EXPECT_EQ(report.frames, 30);
  EXPECT_EQ(report.info.channels, c.grey ? 1 : 3);

  const test::DecodedVideo in = decodeAll(input);
  const test::DecodedVideo out = decodeAll(output);
  ASSERT_EQ(out.frames.size(), 30u);
  EXPECT_EQ(out.width, 48);
  EXPECT_EQ(out.height, 32);
  EXPECT_NEAR(out.fps, 12.5, 1e-6);
  for (std::size_t i = 0; i < out.frames.size(); ++i) {
    EXPECT_EQ(out.frames[i].channels, c.grey ? 1 : 3);
    const test::Difference d = difference(out.frames[i], fileModeResult(in.frames[i], settings, fftw));
    EXPECT_LE(d.max, c.maxError) << "frame " << i;
    EXPECT_LE(d.mean, c.meanError) << "frame " << i;
  }
  EXPECT_EQ(folder.entries(), (std::vector<std::string>{std::string("in") + c.name, std::string("out") + c.name}));
}

// FFV1 is lossless: only rounding differs. MJPG at quality 100 still quantises and subsamples
// colour: here at most 8 levels (4 grey), 1.6 on average (0.7 grey); the bounds allow twice that.
INSTANTIATE_TEST_SUITE_P(Codecs, VideoMatchesFileMode,
                         ::testing::Values(Case{".mkv", "FFV1", false, 1, 0.01}, Case{".mkv", "FFV1", true, 1, 0.01},
                                         Case{".avi", "MJPG", false, 16, 3}, Case{".avi", "MJPG", true, 10, 1.5}),
                         [](const auto& info) {
                           return std::string(info.param.fourcc) + (info.param.grey ? "_grey" : "_colour");
                         });

// Frames batched on the device: the same frames as the file mode's, with the batch's transfers
// timed apart. 30 frames in batches of 4 leave a last batch of 2.
class BatchedOnDevice : public ::testing::TestWithParam<bool> {};

// The report's parts lie within what holds them: the set-up's parts within it, before the first
// frame, the drain and every stage's waits within the wall clock, the lanes' waits within theirs.
void expectTimesAccountedFor(const VideoFilterReport& r) {
  const double slack = 1e-6;
  EXPECT_GT(r.openReaderMs, 0.0);
  EXPECT_GT(r.openWriterMs, 0.0);
  EXPECT_GT(r.deviceSetupMs, 0.0);
  EXPECT_LE(r.openReaderMs, r.setupMs + slack);
  EXPECT_LE(r.openWriterMs + r.deviceSetupMs, r.setupMs + slack);  // one after the other, beside the reader
  EXPECT_LE(r.setupMs, r.firstFrameMs + slack);
  EXPECT_LE(r.firstFrameMs, r.wallMs);
  EXPECT_GT(r.fileCommitMs, 0.0);
  EXPECT_LE(r.fileCommitMs, r.drainMs + slack);
  EXPECT_LE(r.setupMs + r.drainMs, r.wallMs + slack);
  for (const double wait : {r.waits.decoderForSlot, r.waits.decoderForFilter, r.waits.filterForFrame,
                            r.waits.filterForSlots, r.waits.filterForEncoder, r.waits.encoderForFrame}) {
    EXPECT_GE(wait, 0.0);
    EXPECT_LE(wait, r.wallMs - r.setupMs + slack);
  }
  // Every lane waits from its start to its end but for the frames it encodes.
  EXPECT_GT(r.encoding.laneMs, 0.0);
  EXPECT_LE(r.encoding.laneMs + r.encoding.laneIdleMs + r.encoding.laneConversionWaitMs, r.lanes * r.wallMs + slack);
}

TEST_P(BatchedOnDevice, EveryFrameMatchesTheFileMode) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const bool grey = GetParam();
  ScratchFolder folder;
  makeStripesVideo(folder / "in.mkv", "FFV1", 48, 32, 30, 12.5, grey);
  imaging::FftwBackend fftw;
  VideoFilterSettings settings = lowPass();
  settings.padMode = imaging::PadMode::None;
  settings.deviceBatch = 4;
  long progressCalls = 0;
  const VideoFilterReport report = filterVideo(folder / "in.mkv", folder / "out.mkv", settings, fftw, [&](long done, long) {
    EXPECT_EQ(done, ++progressCalls);
    return true;
  }, context);
  EXPECT_EQ(report.frames, 30);
  EXPECT_EQ(report.batch, 4u);
  EXPECT_GT(report.uploadMs, 0.0);
  EXPECT_GT(report.kernelMs, 0.0);
  EXPECT_GT(report.downloadMs, 0.0);
  EXPECT_NEAR(report.fftMs, report.uploadMs + report.kernelMs + report.downloadMs, 1e-9);
  expectTimesAccountedFor(report);
  EXPECT_EQ(report.info.channels, grey ? 1 : 3);
  // The writer opened for colour beside the first frame leaves nothing behind when it shows grey.
  EXPECT_EQ(folder.entries(), (std::vector<std::string>{"in.mkv", "out.mkv"}));
  const test::DecodedVideo in = decodeAll(folder / "in.mkv");
  const test::DecodedVideo out = decodeAll(folder / "out.mkv");
  ASSERT_EQ(out.frames.size(), 30u);
  for (std::size_t i = 0; i < out.frames.size(); ++i) {
    const test::Difference d = difference(out.frames[i], fileModeResult(in.frames[i], settings, fftw));
    EXPECT_LE(d.max, 1) << "frame " << i;
    EXPECT_LE(d.mean, 0.01) << "frame " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Channels, BatchedOnDevice, ::testing::Bool(),
                         [](const auto& info) { return std::string(info.param ? "grey" : "colour"); });

// Frames the decoder gives, or the encoder takes, as Y, U, V in 4:2:0 cross to the device so and
// are converted there. Against the file mode of the frames as swscale converts them: through a
// lossless output, the device's conversion from Y, U, V (video range for MPEG-4, full for Motion
// JPEG) alone, within a level; through a lossy one, the device's conversion to Y, U, V and the
// codec, as close as the host's path through swscale comes on the same frames (at most 18, 15
// and 22 levels, 1.96, 2.01 and 2.96 on average; the device's 18, 16, 17 and 1.97, 2.09, 2.26).
struct PlanesCase {
  const char* in;
  const char* inFourcc;
  const char* out;
  int height;  // odd: swscale interpolates the chroma, so frames go up as blue, green, red
  bool planesIn, planesOut;
  double maxError, meanError;
};

class PlanesOnDevice : public ::testing::TestWithParam<PlanesCase> {};

TEST_P(PlanesOnDevice, EveryFrameMatchesTheFileMode) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const PlanesCase c = GetParam();
  ScratchFolder folder;
  const auto input = folder / (std::string("in") + c.in);
  const auto output = folder / (std::string("out") + c.out);
  if (c.height % 2 == 0) {
    makeStripesVideo(input, c.inFourcc, 50, c.height, 26, 12.5, false);
  } else {  // OpenCV's writer evens the height out; FFmpeg's encoder keeps it
    VideoWriter writer(input, {}, VideoInfo{50, c.height, 12.5, 0, 3});
    FrameSamples frame(std::size_t(50) * c.height * 3);
    for (int f = 0; f < 26; ++f) {
      for (std::size_t i = 0; i < frame.size(); ++i) frame[i] = std::uint8_t((i * 7 + std::size_t(f) * 13) % 200 + 20);
      writer.write(frame);
    }
    writer.commit();
  }
  imaging::FftwBackend fftw;
  VideoFilterSettings settings = lowPass();
  settings.padMode = imaging::PadMode::None;
  settings.deviceBatch = 4;
  const VideoFilterReport report = filterVideo(input, output, settings, fftw, {}, context);
  EXPECT_EQ(report.frames, 26);
  EXPECT_EQ(report.planesIn, c.planesIn);
  EXPECT_EQ(report.planesOut, c.planesOut);
  const test::DecodedVideo in = decodeAll(input);
  const test::DecodedVideo out = decodeAll(output);
  ASSERT_EQ(out.frames.size(), 26u);
  for (std::size_t i = 0; i < out.frames.size(); ++i) {
    const test::Difference d = difference(out.frames[i], fileModeResult(in.frames[i], settings, fftw));
    EXPECT_LE(d.max, c.maxError) << "frame " << i;
    EXPECT_LE(d.mean, c.meanError) << "frame " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Layouts, PlanesOnDevice,
                         ::testing::Values(PlanesCase{".mp4", "mp4v", ".mkv", 34, true, false, 1, 0.05},
                                           PlanesCase{".avi", "MJPG", ".mkv", 34, true, false, 1, 0.05},
                                           PlanesCase{".avi", "MJPG", ".mkv", 35, false, false, 1, 0.05},
                                           PlanesCase{".mkv", "FFV1", ".avi", 34, false, true, 24, 3},
                                           PlanesCase{".avi", "MJPG", ".avi", 34, true, true, 24, 3},
                                           PlanesCase{".mkv", "FFV1", ".mp4", 34, false, true, 24, 3}),
                         [](const auto& info) {
                           return std::string(info.param.in + 1) + "_to_" + std::string(info.param.out + 1) + "_" +
                                  std::to_string(info.param.height);
                         });

TEST(VideoFilter, SettingsABatchCannotDoGoFrameByFrame) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  ScratchFolder folder;
  makeStripesVideo(folder / "in.mkv", "FFV1", 32, 32, 6, 25, false);
  imaging::FftwBackend fftw;
  const VideoFilterReport report = filterVideo(folder / "in.mkv", folder / "out.mkv", lowPass(), fftw, {}, context);
  EXPECT_EQ(report.frames, 6);
  EXPECT_EQ(report.batch, 0u);  // mirror padding: the host filter's way
}

TEST(VideoFilter, CancelInsideABatchLeavesNothing) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  ScratchFolder folder;
  makeStripesVideo(folder / "in.mkv", "FFV1", 32, 32, 20, 25, false);
  imaging::FftwBackend fftw;
  VideoFilterSettings settings = lowPass();
  settings.padMode = imaging::PadMode::None;
  const VideoFilterReport report = filterVideo(folder / "in.mkv", folder / "out.mkv", settings, fftw,
                                               [](long done, long) { return done < 6; }, context);
  EXPECT_TRUE(report.cancelled);
  EXPECT_EQ(report.frames, 6);
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"in.mkv"});
}

TEST(VideoFilter, CancelLeavesNothing) {
  ScratchFolder folder;
  makeStripesVideo(folder / "in.mkv", "FFV1", 32, 32, 20, 25, false);
  imaging::FftwBackend fftw;
  const VideoFilterReport report =
      filterVideo(folder / "in.mkv", folder / "out.mkv", lowPass(), fftw, [](long done, long) { return done < 5; });
  EXPECT_TRUE(report.cancelled);
  EXPECT_EQ(report.frames, 5);
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"in.mkv"});
}

// The frames go to a temporary file that keeps the extension (OpenCV picks the container from
// it); the old output stays whole until the commit, and a writer never committed leaves it so.
TEST(VideoWriter, TheOldOutputStaysUntilTheCommit) {
  ScratchFolder folder;
  makeStripesVideo(folder / "in.mkv", "FFV1", 32, 32, 2, 25, true);
  const DecodedVideo in = decodeAll(folder / "in.mkv");
  ASSERT_EQ(in.frames.size(), 2u);
  io::test::put(folder / "out.mkv", "old");
  VideoInfo format;
  format.width = format.height = 32;
  format.framesPerSecond = 25;
  format.channels = 1;
  {
    VideoWriter abandoned(folder / "out.mkv", folder / "in.mkv", format);
    abandoned.write(in.frames[0]);
  }
  EXPECT_EQ(io::test::contents(folder / "out.mkv"), "old");
  EXPECT_EQ(folder.entries(), (std::vector<std::string>{"in.mkv", "out.mkv"}));

  VideoWriter writer(folder / "out.mkv", folder / "in.mkv", format);
  for (const imaging::Image& frame : in.frames) writer.write(frame);
  const std::vector<std::string> during = folder.entries();
  ASSERT_EQ(during.size(), 3u);
  EXPECT_EQ(during[0].rfind(".out.mkv.", 0), 0u) << during[0];
  EXPECT_EQ(std::filesystem::path(during[0]).extension(), ".mkv") << during[0];
  EXPECT_EQ(io::test::contents(folder / "out.mkv"), "old");
  writer.commit();
  EXPECT_EQ(folder.entries(), (std::vector<std::string>{"in.mkv", "out.mkv"}));
  const DecodedVideo out = decodeAll(folder / "out.mkv");
  ASSERT_EQ(out.frames.size(), 2u);
  EXPECT_EQ(difference(out.frames[1], in.frames[1]).max, 0);  // FFV1 is lossless
}

// Each refusal names the file and the problem, and leaves the folder as it was.
void expectRefused(const std::filesystem::path& input, const std::filesystem::path& output, const std::string& words,
                   const ScratchFolder& folder) {
  const std::vector<std::string> before = folder.entries();
  imaging::FftwBackend fftw;
  try {
    filterVideo(input, output, lowPass(), fftw);
    ADD_FAILURE() << "accepted " << input << " -> " << output;
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find(words), std::string::npos) << error.what();
  }
  EXPECT_EQ(folder.entries(), before);
}

TEST(VideoFilter, BadInputsAndOutputs) {
  ScratchFolder folder;
  expectRefused(folder / "missing.mp4", folder / "out.mkv", "missing.mp4: no such file", folder);
  io::test::put(folder / "text.mp4", "not a video at all\n");
  expectRefused(folder / "text.mp4", folder / "out.mkv", "text.mp4: not a video file FFmpeg can read", folder);
  makeStripesVideo(folder / "empty.mkv", "FFV1", 32, 32, 0, 25, false);
  if (std::filesystem::exists(folder / "empty.mkv"))
    expectRefused(folder / "empty.mkv", folder / "out.mkv", "empty.mkv:", folder);
  makeStripesVideo(folder / "in.mkv", "FFV1", 32, 32, 4, 25, false);
  expectRefused(folder / "in.mkv", folder / "in.mkv", "it is the input", folder);
  expectRefused(folder / "in.mkv", folder / "no-such-folder" / "out.mkv", "no such folder", folder);
  expectRefused(folder / "in.mkv", folder / "out.png", "give a .mp4", folder);
  io::test::put(folder / "file", "x");
  expectRefused(folder / "in.mkv", folder / "file" / "out.mkv", "no such folder", folder);
  if (::geteuid() != 0) {  // root writes anywhere
    std::filesystem::create_directory(folder / "locked");
    std::filesystem::permissions(folder / "locked", std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    expectRefused(folder / "in.mkv", folder / "locked" / "out.mkv", "not writable", folder);
    std::filesystem::permissions(folder / "locked", std::filesystem::perms::owner_all);
  }
}

}  // namespace
}  // namespace fftscope::video
