// `fftscope filter IN.mkv -o OUT.mkv ...` against `fftscope filter FRAME.png -o OUT.png ...`:
// the command's frames equal the file mode's output for the same decoded frame (through FFV1,
// lossless, so within rounding), the report names the stages, and bad inputs are refused with a
// message and nothing left behind.
#include "VideoTestSupport.h"

#include "../io/ScratchFolder.h"
#include "imaging/ImageReader.h"
#include "imaging/ImageWriter.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace fftscope::video {
namespace {

using io::test::ScratchFolder;

struct Outcome {
  int status = -1;
  std::string out;
  std::string err;
};

Outcome runFftscope(const ScratchFolder& folder, const std::string& arguments) {
  const std::string outFile = (folder.path().parent_path() / (folder.path().filename().string() + ".stdout")).string();
  const std::string errFile = (folder.path().parent_path() / (folder.path().filename().string() + ".stderr")).string();
  const std::string command = "cd '" + folder.path().string() + "' && QT_QPA_PLATFORM=offscreen '" +
                              FFTSCOPE_GUI_PROGRAM + "' " + arguments + " >'" + outFile + "' 2>'" + errFile + "'";
  Outcome outcome;
  const int raw = std::system(command.c_str());
  outcome.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  outcome.out = io::test::contents(outFile);
  outcome.err = io::test::contents(errFile);
  std::filesystem::remove(outFile);
  std::filesystem::remove(errFile);
  return outcome;
}

const std::string filterOptions = " --bandstop butterworth --cutoff 0.1,0.2 --order 2 --pad mirror";
// No padding, each channel alone, clip: frames batched on the device, its transfers timed apart.
const std::string batchedOptions = " --lowpass gaussian --cutoff 0.1";

void expectFramesMatchFileMode(const char* inName, const char* outName, bool grey,
                               const std::string& options = filterOptions,
                               std::vector<const char*> stages = {"decode", "upload+fft+download", "encode",
                                                                  "lanes waiting", "waits (ms)", "set up",
                                                                  "frames/s"}) {
  ScratchFolder folder;
  test::makeStripesVideo(folder / inName, std::string(inName).ends_with(".avi") ? "MJPG" : "FFV1", 40, 30, 12, 24,
                         grey);
  const Outcome run = runFftscope(folder, std::string("filter ") + inName + " -o " + outName + options + " --timings");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("filtered 12 frames of"), std::string::npos) << run.out;
  for (const char* stage : stages)
    EXPECT_NE(run.out.find(stage), std::string::npos) << stage << " missing from " << run.out;
  EXPECT_NE(run.err.find("audio"), std::string::npos) << run.err;

  const test::DecodedVideo in = test::decodeAll(folder / inName);
  const test::DecodedVideo out = test::decodeAll(folder / outName);
  ASSERT_EQ(out.frames.size(), 12u);
  EXPECT_EQ(out.width, 40);
  EXPECT_EQ(out.height, 30);
  EXPECT_NEAR(out.fps, 24, 1e-6);
  for (int i : {0, 5, 11}) {
    imaging::writeImage(in.frames[i], folder / "frame.png");
    const Outcome image = runFftscope(folder, "filter frame.png -o filtered.png" + options);
    ASSERT_EQ(image.status, 0) << image.err;
    const imaging::Image fileMode = imaging::readImage(folder / "filtered.png");
    const test::Difference d = test::difference(out.frames[i], fileMode);
    EXPECT_LE(d.max, 1) << "frame " << i;
  }
}

TEST(VideoCommand, ColourFramesMatchFileMode) { expectFramesMatchFileMode("in.mkv", "out.mkv", false); }
TEST(VideoCommand, GreyFramesMatchFileMode) { expectFramesMatchFileMode("grey.mkv", "out.mkv", true); }
TEST(VideoCommand, FramesBatchedOnTheDeviceMatchFileMode) {
  expectFramesMatchFileMode("in.mkv", "out.mkv", false, batchedOptions,
                            {"decode", "upload ", "kernels", "download", "batches of 4 frames", "encode", "frames/s"});
}

TEST(VideoCommand, RefusalsLeaveNothingBehind) {
  ScratchFolder folder;
  test::makeStripesVideo(folder / "in.mkv", "FFV1", 32, 32, 3, 25, false);
  io::test::put(folder / "notes.mp4", "plain text\n");
  // Opens as video, so the writer opens beside its first frame, which never comes: cut inside the
  // first cluster's header.
  test::makeStripesVideo(folder / "empty.mkv", "FFV1", 32, 32, 3, 25, false);
  {
    const std::string bytes = io::test::contents(folder / "empty.mkv");
    const std::size_t cluster = bytes.find("\x1f\x43\xb6\x75");
    ASSERT_NE(cluster, std::string::npos);
    std::filesystem::resize_file(folder / "empty.mkv", cluster + 8);
  }
  const std::vector<std::string> before = folder.entries();
  const std::pair<std::string, std::string> cases[] = {
      {"filter missing.mp4 -o out.mp4", "missing.mp4: no such file"},
      {"filter notes.mp4 -o out.mp4", "notes.mp4: not a video file FFmpeg can read"},
      {"filter empty.mkv -o out.mkv", "empty.mkv: the video has no frames"},
      {"filter in.mkv -o in.mkv", "it is the input"},
      {"filter in.mkv -o nowhere/out.mkv", "no such folder"},
      {"filter in.mkv -o out.mkv --auto-notch", "not on a video"},
  };
  for (const auto& [arguments, words] : cases) {
    const Outcome run = runFftscope(folder, arguments + filterOptions);
    EXPECT_NE(run.status, 0) << arguments;
    EXPECT_NE(run.err.find(words), std::string::npos) << arguments << ": " << run.err;
    EXPECT_EQ(folder.entries(), before) << arguments;
  }
  // The same with the device's filter set up beside the first frame.
  const Outcome run = runFftscope(folder, "filter empty.mkv -o out.mkv" + batchedOptions);
  EXPECT_NE(run.status, 0);
  EXPECT_NE(run.err.find("empty.mkv: the video has no frames"), std::string::npos) << run.err;
  EXPECT_EQ(folder.entries(), before);
}

}  // namespace
}  // namespace fftscope::video
