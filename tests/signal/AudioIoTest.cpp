// Audio files written and read back: format, rate and samples kept; text, NumPy and raw inputs.
#include "io/Npy.h"
#include "signal/AudioReader.h"
#include "signal/AudioWriter.h"
#include "signal/Generators.h"
#include "signal/SignalReader.h"
#include "TempFolder.h"

#include <gtest/gtest.h>

#include <clocale>
#include <cmath>
#include <cstring>
#include <fstream>

namespace fftscope::signal {
namespace {

// Two channels of a tone and noise, on the grid of `bits`-bit integers (so that PCM is exact).
Signal stereoOnGrid(int bits, double rate = 44100.0) {
  Signal signal = sumOfSines({rate, 0.25}, {{440.0, 0.7, 0.0}});
  signal.channels.push_back(whiteNoise({rate, 0.25}, 0.2, 5).channels.front());
  const double scale = std::ldexp(1.0, bits - 1);
  for (auto& channel : signal.channels)
    for (float& v : channel) v = float(std::clamp(std::round(double(v) * scale), -scale, scale - 1) / scale);
  return signal;
}

struct RoundTrip {
  const char* file;
  Container container;
  Encoding encoding;
  int gridBits;  // samples exact on this grid
};

class AudioRoundTrip : public ::testing::TestWithParam<RoundTrip> {};

TEST_P(AudioRoundTrip, KeepsFormatRateAndSamples) {
  const RoundTrip c = GetParam();
  TempFolder folder;
  const Signal original = stereoOnGrid(c.gridBits);
  const auto path = folder / c.file;
  writeAudio(original, path, SignalFormat{c.container, c.encoding});
  const Signal read = readSignal(path);
  EXPECT_EQ(read.format.container, c.container);
  EXPECT_EQ(read.format.encoding, c.encoding);
  EXPECT_EQ(read.sampleRate, 44100.0);
  ASSERT_EQ(read.channelCount(), 2u);
  ASSERT_EQ(read.frames(), original.frames());
  for (std::size_t ch = 0; ch < 2; ++ch)
    for (std::size_t i = 0; i < read.frames(); ++i)
      ASSERT_EQ(read.channels[ch][i], original.channels[ch][i]) << "channel " << ch << " sample " << i;

  // Written again in the format it was read in: the same file content.
  const auto again = folder / (std::string("again-") + c.file);
  writeAudio(read, again);
  const Signal reread = readSignal(again);
  EXPECT_EQ(reread.format.container, c.container);
  EXPECT_EQ(reread.channels, read.channels);
}

INSTANTIATE_TEST_SUITE_P(Formats, AudioRoundTrip,
                         ::testing::Values(RoundTrip{"a.wav", Container::Wav, Encoding::Pcm16, 16},
                                           RoundTrip{"b.wav", Container::Wav, Encoding::Pcm24, 24},
                                           RoundTrip{"c.wav", Container::Wav, Encoding::PcmU8, 8},
                                           RoundTrip{"d.wav", Container::Wav, Encoding::Float32, 24},
                                           RoundTrip{"e.wav", Container::WavExtensible, Encoding::Pcm24, 24},
                                           RoundTrip{"f.rf64", Container::Rf64, Encoding::Pcm16, 16},
                                           RoundTrip{"g.flac", Container::Flac, Encoding::Pcm16, 16},
                                           RoundTrip{"h.flac", Container::Flac, Encoding::Pcm24, 24},
                                           RoundTrip{"i.aiff", Container::Aiff, Encoding::Pcm24, 24},
                                           RoundTrip{"j.wav", Container::Wav, Encoding::Float64, 24}));

TEST(AudioRead, OggVorbisKeepsRateAndChannelsApproximately) {
  TempFolder folder;
  const Signal original = stereoOnGrid(24);
  const auto path = folder / "v.ogg";
  try {
    writeAudio(original, path, SignalFormat{Container::Ogg, Encoding::Vorbis});
  } catch (const std::runtime_error& e) {
    GTEST_SKIP() << "libsndfile without Vorbis: " << e.what();
  }
  const Signal read = readAudio(path);
  EXPECT_EQ(read.format.container, Container::Ogg);
  EXPECT_EQ(read.sampleRate, 44100.0);
  EXPECT_EQ(read.channelCount(), 2u);
  EXPECT_EQ(read.frames(), original.frames());
}

TEST(AudioRead, ProgressAndCancel) {
  TempFolder folder;
  const auto path = folder / "long.wav";
  writeAudio(whiteNoise({48000.0, 10.0}, 0.1, 1), path, SignalFormat{Container::Wav, Encoding::Pcm16});
  int calls = 0;
  double last = -1.0;
  ReadControl control;
  control.progress = [&](double f) { ++calls, last = f; };
  readAudio(path, control);
  EXPECT_GT(calls, 5);
  EXPECT_EQ(last, 1.0);
  std::atomic<bool> cancel{false};
  control.cancel = &cancel;
  control.progress = [&](double f) { if (f > 0.3) cancel = true; };
  EXPECT_THROW(readAudio(path, control), CancelledError);
}

TEST(TextRead, ColumnsHeaderAndTimeGiveTheRate) {
  TempFolder folder;
  const auto path = folder / "log.csv";
  std::ofstream(path) << "# logger\ntime,left,right\n0,0.5,-1e-3\n0.001,0.25,2E-3\n0.002,-0.5,0\n0.003,1,.5\n";
  TextOptions options;
  options.timeColumn = 0;
  const char* previous = std::setlocale(LC_NUMERIC, "de_DE.UTF-8");  // decimal comma where installed
  const Signal s = readText(path, options);
  if (previous) std::setlocale(LC_NUMERIC, "C");
  EXPECT_NEAR(s.sampleRate, 1000.0, 1e-9);
  ASSERT_EQ(s.channelCount(), 2u);
  EXPECT_EQ(s.channels[0], (std::vector<float>{0.5f, 0.25f, -0.5f, 1.0f}));
  EXPECT_EQ(s.channels[1], (std::vector<float>{-1e-3f, 2e-3f, 0.0f, 0.5f}));
}

TEST(TextRead, PlainColumnWithGivenRate) {
  TempFolder folder;
  const auto path = folder / "x.txt";
  std::ofstream(path) << "1\n2\n\n3\n";
  SignalReadOptions options;
  options.text.sampleRate = 8000.0;
  const Signal s = readSignal(path, options);
  EXPECT_EQ(s.sampleRate, 8000.0);
  EXPECT_EQ(s.channels.front(), (std::vector<float>{1.0f, 2.0f, 3.0f}));
}

TEST(NpyRead, RealArrayIsOneChannel) {
  TempFolder folder;
  const auto path = folder / "x.npy";
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }";
  header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  out.write("\x93NUMPY\x01\x00", 8);
  const unsigned short length = static_cast<unsigned short>(header.size());
  out.write(reinterpret_cast<const char*>(&length), 2);
  out << header;
  const double values[3] = {0.25, -0.5, 1.0};
  out.write(reinterpret_cast<const char*>(values), sizeof values);
  out.close();
  SignalReadOptions options;
  options.npySampleRate = 100.0;
  const Signal s = readSignal(path, options);
  EXPECT_EQ(s.channels.front(), (std::vector<float>{0.25f, -0.5f, 1.0f}));
  EXPECT_EQ(s.format.container, Container::Npy);
}

TEST(RawRead, BigEndianSixteenBitStereo) {
  TempFolder folder;
  const auto path = folder / "x.raw";
  const unsigned char bytes[] = {0x40, 0x00, 0xC0, 0x00, 0x00, 0x01, 0x7F, 0xFF};  // (0.5, -0.5), (2^-15, ~1)
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes), sizeof bytes);
  SignalReadOptions options;
  options.raw = {Encoding::Pcm16, true, 2, 16000.0};
  const Signal s = readSignal(path, options);
  ASSERT_EQ(s.channelCount(), 2u);
  EXPECT_EQ(s.channels[0], (std::vector<float>{0.5f, 1.0f / 32768.0f}));
  EXPECT_EQ(s.channels[1], (std::vector<float>{-0.5f, 32767.0f / 32768.0f}));
}

TEST(Channels, PickAndMix) {
  Signal s;
  s.sampleRate = 10.0;
  s.channels = {{1.0f, 2.0f}, {3.0f, -2.0f}};
  EXPECT_EQ(pickChannel(s, 1).channels.front(), (std::vector<float>{3.0f, -2.0f}));
  EXPECT_EQ(mixDown(s).channels.front(), (std::vector<float>{2.0f, 0.0f}));
  EXPECT_THROW(pickChannel(s, 2), std::out_of_range);
}

}  // namespace
}  // namespace fftscope::signal
