// Every bad input is refused with a message that names the problem (and where it is).
#include "signal/AudioReader.h"
#include "signal/AudioWriter.h"
#include "signal/Generators.h"
#include "signal/SignalReader.h"
#include "TempFolder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>

namespace fftscope::signal {
namespace {

std::vector<char> bytesOf(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void writeBytes(const std::filesystem::path& path, const std::vector<char>& bytes) {
  std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
}

void writeText(const std::filesystem::path& path, const std::string& text) { std::ofstream(path) << text; }

// The message of the exception readSignal throws, or "" when it reads.
std::string refusal(const std::filesystem::path& path, const SignalReadOptions& options = {}) {
  try {
    readSignal(path, options);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

SignalReadOptions textAt(double rate) {
  SignalReadOptions options;
  options.text.sampleRate = rate;
  return options;
}

class BadInput : public ::testing::Test {
 protected:
  // A 16-bit stereo WAV of one second at 48 kHz; its path.
  std::filesystem::path wav(const std::string& name, Encoding encoding = Encoding::Pcm16) {
    Signal s = sumOfSines({48000.0, 1.0}, {{1000.0, 0.5, 0.0}});
    s.channels.push_back(s.channels.front());
    const auto path = folder / name;
    writeAudio(s, path, SignalFormat{Container::Wav, encoding});
    return path;
  }
  TempFolder folder;
};

TEST_F(BadInput, TruncatedWav) {
  const auto path = wav("cut.wav");
  auto bytes = bytesOf(path);
  bytes.resize(bytes.size() / 2);
  writeBytes(path, bytes);
  EXPECT_NE(refusal(path).find("truncated"), std::string::npos) << refusal(path);
  bytes.resize(30);  // inside the header
  writeBytes(path, bytes);
  EXPECT_NE(refusal(path).find("cut.wav"), std::string::npos) << refusal(path);
}

TEST_F(BadInput, NanSampleSaysWhere) {
  const auto path = wav("nan.wav", Encoding::Float32);
  auto bytes = bytesOf(path);
  const auto data = std::search(bytes.begin(), bytes.end(), std::begin("data"), std::end("data") - 1);
  ASSERT_NE(data, bytes.end());
  const std::size_t at = std::size_t(data - bytes.begin()) + 8 + 4 * (1234 * 2 + 1);  // frame 1234, channel 2
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::memcpy(bytes.data() + at, &nan, 4);
  writeBytes(path, bytes);
  EXPECT_NE(refusal(path).find("NaN sample at index 1234, channel 2"), std::string::npos) << refusal(path);

  const auto csv = folder / "nan.csv";
  writeText(csv, "a,b\n1,2\n3,nan\n");
  EXPECT_NE(refusal(csv, textAt(10)).find("line 3"), std::string::npos) << refusal(csv, textAt(10));
  EXPECT_NE(refusal(csv, textAt(10)).find("NaN"), std::string::npos);
}

TEST_F(BadInput, ZeroSampleRate) {
  const auto path = wav("zero-rate.wav");
  auto bytes = bytesOf(path);
  ASSERT_EQ(std::string(bytes.data() + 12, 4), "fmt ");
  std::memset(bytes.data() + 24, 0, 4);  // the fmt chunk's sample rate
  writeBytes(path, bytes);
  EXPECT_NE(refusal(path).find("sample rate"), std::string::npos) << refusal(path);

  const auto csv = folder / "x.csv";
  writeText(csv, "1\n2\n");
  EXPECT_NE(refusal(csv, textAt(0)).find("sample rate"), std::string::npos) << refusal(csv, textAt(0));
  const auto raw = folder / "x.raw";
  writeBytes(raw, {0, 0, 0, 0});
  EXPECT_NE(refusal(raw).find("sample rate"), std::string::npos) << refusal(raw);
}

TEST_F(BadInput, EmptyData) {
  const auto empty = folder / "empty.wav";
  writeBytes(empty, {});
  EXPECT_NE(refusal(empty).find("empty"), std::string::npos) << refusal(empty);

  const auto noFrames = wav("no-frames.wav");
  auto bytes = bytesOf(noFrames);
  const auto data = std::search(bytes.begin(), bytes.end(), std::begin("data"), std::end("data") - 1);
  bytes.erase(data + 8, bytes.end());
  std::memset(&*(data + 4), 0, 4);
  const std::uint32_t riff = std::uint32_t(bytes.size() - 8);
  std::memcpy(bytes.data() + 4, &riff, 4);
  writeBytes(noFrames, bytes);
  EXPECT_NE(refusal(noFrames).find("no samples"), std::string::npos) << refusal(noFrames);

  const auto csv = folder / "header-only.csv";
  writeText(csv, "time,value\n");
  EXPECT_NE(refusal(csv, textAt(10)).find("no data rows"), std::string::npos) << refusal(csv, textAt(10));
}

TEST_F(BadInput, CsvBadNumberNamesTheLine) {
  const auto csv = folder / "bad.csv";
  writeText(csv, "value\n0.5\n0.25\n# note\n1,5\n");
  SignalReadOptions options = textAt(10);
  options.text.delimiter = ';';
  const std::string message = refusal(csv, options);
  EXPECT_NE(message.find("line 5"), std::string::npos) << message;
  EXPECT_NE(message.find("'1,5' is not a number"), std::string::npos) << message;

  writeText(csv, "0,1\n1,2\n2,3\n3.5,4\n4,5\n");
  options.text = {};
  options.text.timeColumn = 0;
  EXPECT_NE(refusal(csv, options).find("line 4: uneven time step"), std::string::npos) << refusal(csv, options);
  writeText(csv, "1,2\n3\n");
  EXPECT_NE(refusal(csv, textAt(10)).find("line 2: has 1 columns"), std::string::npos) << refusal(csv, textAt(10));
}

TEST_F(BadInput, UnsupportedContainer) {
  const auto text = folder / "notes.wav";
  writeText(text, "these are not samples, just words in a file called .wav\n");
  EXPECT_NE(refusal(text).find("not a supported audio container"), std::string::npos) << refusal(text);
  const auto flacAsMidi = folder / "tune.mid";
  writeText(flacAsMidi, std::string("MThd\0\0\0\6\0\1\0\1\1\xE0", 14));
  EXPECT_NE(refusal(flacAsMidi).find("not a supported audio container"), std::string::npos) << refusal(flacAsMidi);
}

TEST_F(BadInput, RawOfPartialFrames) {
  const auto raw = folder / "odd.raw";
  writeBytes(raw, {1, 2, 3});
  SignalReadOptions options;
  options.raw = {Encoding::Pcm16, false, 1, 8000.0};
  EXPECT_NE(refusal(raw, options).find("truncated"), std::string::npos) << refusal(raw, options);
}

TEST(WriteAudio, FailureLeavesTheOldFile) {
  TempFolder folder;
  const auto path = folder / "keep.wav";
  writeText(path, "old");
  Signal bad = sumOfSines({48000.0, 0.1}, {{1000.0, 0.5, 0.0}});
  bad.channels.front()[10] = std::numeric_limits<float>::infinity();
  EXPECT_THROW(writeAudio(bad, path, SignalFormat{Container::Wav, Encoding::Pcm16}), std::runtime_error);
  EXPECT_EQ(bytesOf(path).size(), 3u);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(path.parent_path()), {}), 1);
}

}  // namespace
}  // namespace fftscope::signal
