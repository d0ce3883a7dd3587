// The rules behind the hostile signal inputs of docs/reliability.md, in the core: every size, rate,
// count and range is checked against its meaning and the memory budget before anything is
// allocated, and every declared length against the file. Large cases through a lowered
// FFTSCOPE_MEMORY_LIMIT, which reaches the same code as a host without the memory.
#include "io/MemoryBudget.h"
#include "settings/ProcessSettings.h"
#include "signal/AudioHeaderProbe.h"
#include "signal/AudioWriter.h"
#include "signal/FftwBatchBackend.h"
#include "signal/FilterDesign.h"
#include "signal/Overlap.h"
#include "signal/RealFft.h"
#include "signal/SignalReader.h"
#include "signal/Spectrogram.h"
#include "signal/Spectrum.h"
#include "signal/TextLines.h"
#include "TempFolder.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

namespace fftscope::signal {
namespace {

// The message of what `work` throws, or "" when it does not.
template <typename Work>
std::string refusal(Work work) {
  try {
    work();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

// Installs FFTSCOPE_MEMORY_LIMIT for the test's scope.
class MemoryLimit {
 public:
  explicit MemoryLimit(std::uint64_t bytes) : scoped_(withLimit(bytes)) {}

 private:
  static Settings withLimit(std::uint64_t bytes) {
    Settings settings;
    EXPECT_EQ(settings.set("FFTSCOPE_MEMORY_LIMIT", std::to_string(bytes)), "");
    return settings;
  }
  ScopedSettings scoped_;
};

TEST(MemoryBudget, ProductsSaturateAndTheLimitLowersTheBudget) {
  EXPECT_EQ(io::bytesOf(std::uint64_t(1) << 62, 8), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(io::bytesOf(1000, 8), 8000u);
  const MemoryLimit limit(1 << 20);
  EXPECT_LE(io::memoryBudgetBytes(), std::uint64_t(1) << 20);
  const std::string message = refusal([] { io::requireMemory(2 << 20, "two MiB of samples"); });
  EXPECT_NE(message.find("two MiB of samples needs about 2 MiB; 1 MiB of memory is available"), std::string::npos)
      << message;
  // A need just short of 2^64 bytes is named as such, not wrapped round to 0 MiB.
  const std::string huge = refusal([] { io::requireMemory(std::numeric_limits<std::uint64_t>::max() - 1, "all"); });
  EXPECT_NE(huge.find("all needs about 17592186044416 MiB"), std::string::npos) << huge;
  EXPECT_GT(io::availableHostMemoryBytes(), 0u);
}

TEST(HostileSizes, TransformsBeyondFftwsIntOrTheBudgetAreRefusedBeforeAllocating) {
  EXPECT_NE(refusal([] { RealFft fft(std::size_t(4294967298)); }).find("at most 2147483647"), std::string::npos);
  const MemoryLimit limit(8 << 20);
  EXPECT_NE(refusal([] { RealFft fft(std::size_t(1) << 28); }).find("needs about"), std::string::npos);
  const std::vector<float> x(1000, 0.5f);
  SpectrumSettings settings;
  settings.fftSize = std::size_t(1) << 20;
  EXPECT_NE(refusal([&] { estimateSpectrum(x, 48000.0, settings); }).find("FFT size 1048576 needs"), std::string::npos);
  SpectrogramSettings frames;
  frames.fftSize = std::size_t(1) << 22;
  FftwBatchBackend backend;
  EXPECT_NE(refusal([&] { computeSpectrogram(x, 48000.0, frames, backend); }).find("needs about"), std::string::npos);
  SignalFilterSpec spec;
  spec.taps = 67108865;
  EXPECT_NE(refusal([&] { designFir(spec, 48000.0); }).find("needs about"), std::string::npos);
}

TEST(HostileSizes, AnOverlapBelowOneSampleOrOfTooManySegmentsIsRefused) {
  EXPECT_EQ(hopForOverlap(1024, 0.75), 256u);
  EXPECT_EQ(hopForOverlap(4096, 0.0), 4096u);
  EXPECT_NE(refusal([] { hopForOverlap(4096, 0.9999999); }).find("the hop is at least 16"), std::string::npos);
  EXPECT_NE(refusal([] { hopForOverlap(64, 0.9999); }).find("the hop is at least 1"), std::string::npos);
  for (const double bad : {-0.5, 1.0, std::nan("")})
    EXPECT_NE(refusal([&] { hopForOverlap(1024, bad); }).find("at least 0 and below 100%"), std::string::npos);
  // A selection shorter than one segment is one segment, whatever its length.
  SpectrumSettings welch;
  welch.averaging = Averaging::Welch;
  welch.overlap = 0.75;
  EXPECT_EQ(estimateSpectrum(std::vector<float>{0.5f}, 48000.0, welch).segments, 1u);
  welch.overlap = 0.9999999;
  EXPECT_NE(refusal([&] { estimateSpectrum(std::vector<float>(100000, 0.5f), 48000.0, welch); }).find("hop"),
            std::string::npos);
}

TEST(HostileWindows, AKaiserBetaOrGaussianSigmaBeyondMeaningIsRefused) {
  EXPECT_NE(refusal([] { makeWindow({WindowKind::Kaiser, 1000.0}, 64); }).find("Kaiser beta of 1000"), std::string::npos);
  EXPECT_NE(refusal([] { makeWindow({WindowKind::Kaiser, std::nan("")}, 64); }).find("Kaiser beta of nan"),
            std::string::npos);
  EXPECT_NE(refusal([] { makeWindow({WindowKind::Gaussian, INFINITY}, 64); }).find("Gaussian sigma"), std::string::npos);
  const auto w = makeWindow({WindowKind::Kaiser, kMostKaiserBeta}, 64);
  for (const double v : w) EXPECT_TRUE(std::isfinite(v));
  EXPECT_EQ(refusal([] { makeWindow({WindowKind::Hann, std::nan("")}, 64); }), "");  // Hann has no parameter
}

TEST(HostileFilters, HumNotchesAreCheckedAndCountedBeforeAnyIsMade) {
  EXPECT_NE(refusal([] { humNotches(0.0, 3, 2.0, 48000.0); }).find("mains frequency of 0 Hz"), std::string::npos);
  EXPECT_NE(refusal([] { humNotches(std::nan(""), 3, 2.0, 48000.0); }).find("nan Hz"), std::string::npos);
  EXPECT_NE(refusal([] { humNotches(50.0, -5, 2.0, 48000.0); }).find("-5 harmonics"), std::string::npos);
  EXPECT_NE(refusal([] { humNotches(1.0, 100000, 2.0, 48000.0); }).find("twice the width"), std::string::npos);
  const auto started = std::chrono::steady_clock::now();
  EXPECT_NE(refusal([] { humNotches(50.0, 1000000000, 2.0, 2147483647.0); }).find("21474836 hum notches"),
            std::string::npos);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(1));
  EXPECT_EQ(humNotches(50.0, 1000000000, 2.0, 48000.0).size(), 479u);  // every harmonic below Nyquist
}

TEST(HostileFilters, ManyHumNotchesAreDesignedInBoundedTime) {
  SignalFilterSpec spec;
  spec.notches = humNotches(50.0, 1000, 2.0, 48000.0);
  const auto started = std::chrono::steady_clock::now();
  const auto taps = designFir(spec, 48000.0);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
  EXPECT_EQ(taps.size(), 262143u);
  EXPECT_LT(filterGain(spec, 1000.0, 48000.0), 1e-6);
  EXPECT_NEAR(filterGain(spec, 1025.0, 48000.0), 1.0, 1e-6);
}

TEST(HostileFilters, NotchesGainsAndTapsOutsideTheirRangeAreRefused) {
  const auto refused = [](SignalFilterSpec spec) { return refusal([&] { validateSignalFilter(spec, 48000.0); }); };
  EXPECT_NE(refused({{}, {{-1000.0, 2.0}}, {}, 0}).find("notch at -1000 Hz"), std::string::npos);
  EXPECT_NE(refused({{}, {{1e9, 2.0}}, {}, 0}).find("notch at 1000000000 Hz"), std::string::npos);
  EXPECT_NE(refused({{}, {}, {{100.0, 400.0}}, 0}).find("400 dB"), std::string::npos);
  EXPECT_NE(refused({{}, {}, {{100.0, 1e300}}, 0}).find("1e+300 dB"), std::string::npos);
  EXPECT_NE(refused({{}, {}, {}, std::size_t(-1)}).find("from 3 to 134217727"), std::string::npos);
  EXPECT_NE(refused({{}, std::vector<ToneNotch>(kMostNotches + 1), {}, 0}).find("at most 4096"), std::string::npos);
  EXPECT_EQ(refused({{}, {{24000.0, 2.0}}, {{0.0, -400.0}, {100.0, 120.0}}, 3}), "");
  // A notch narrower than any FIR resolves: its profile divided by a width squared to 0 gave NaN.
  EXPECT_NE(refused({{}, {{0.0, 1e-300}}, {}, 0}).find("a notch is at least 0.001 Hz wide"), std::string::npos);
  EXPECT_EQ(refused({{}, {{0.0, kLeastNotchWidthHz}}, {}, 0}), "");
  SignalFilterSpec narrow{{}, {{0.0, kLeastNotchWidthHz}}, {}, 0};
  for (double f : {0.0, 1e-4, 1.0, 24000.0}) EXPECT_TRUE(std::isfinite(filterGain(narrow, f, 48000.0))) << f;
}

TEST(HostileOutputs, RatesAndChannelsAFileCannotHoldAreRefusedBeforeTheWork) {
  const SignalFormat wav{Container::Wav, Encoding::Pcm16, false};
  EXPECT_NE(refusal([&] { checkAudioOutput("f.wav", wav, 4295015296.0, 1); }).find("f.wav: WAV holds whole hertz"),
            std::string::npos);
  EXPECT_NE(refusal([&] { checkAudioOutput("f.wav", wav, 0.3, 1); }).find("whole hertz"), std::string::npos);
  EXPECT_NE(refusal([&] { checkAudioOutput("f.wav", wav, 48000.0, 200000); }).find("200000 channels"),
            std::string::npos);
  EXPECT_EQ(refusal([&] { checkAudioOutput("f.wav", wav, 2147483647.0, 2); }), "");
}

std::vector<std::uint8_t> aiffWithRate(const std::uint8_t (&rate)[10]) {
  const std::uint8_t head[28] = {'F', 'O', 'R', 'M', 0, 0, 0, 46, 'A', 'I', 'F', 'F', 'C', 'O', 'M', 'M', 0, 0, 0, 18,
                                 0, 1, 0, 0, 0, 1, 0, 16};
  std::vector<std::uint8_t> b(38);
  for (std::size_t i = 0; i < 38; ++i) b[i] = i < 28 ? head[i] : rate[i - 28];
  return b;
}

TEST(HostileHeaders, TheRateAHeaderStatesIsReadAsStated) {
  const std::uint8_t r44100[10] = {0x40, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0};
  const std::uint8_t inf[10] = {0x7F, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0};
  const std::uint8_t nan[10] = {0x7F, 0xFF, 0xC0, 0, 0, 0, 0, 0, 0, 0};
  const std::uint8_t zero[10] = {};
  EXPECT_EQ(probeAudioHeader(aiffWithRate(r44100)).sampleRate, 44100.0);
  EXPECT_TRUE(std::isinf(*probeAudioHeader(aiffWithRate(inf)).sampleRate));
  EXPECT_TRUE(std::isnan(*probeAudioHeader(aiffWithRate(nan)).sampleRate));
  EXPECT_EQ(probeAudioHeader(aiffWithRate(zero)).sampleRate, 0.0);
  std::vector<std::uint8_t> flac = {'f', 'L', 'a', 'C', 0x80, 0, 0, 34, 0x10, 0, 0x10, 0, 0, 0, 0, 0, 0, 0,
                                    0x0B, 0xB8, 0x00, 0xF0, 0, 0};
  EXPECT_EQ(probeAudioHeader(flac).sampleRate, 48000.0);
  flac[18] = flac[19] = 0;
  EXPECT_EQ(probeAudioHeader(flac).sampleRate, 0.0);
  EXPECT_FALSE(probeAudioHeader(std::vector<std::uint8_t>{'R', 'I', 'F', 'F'}).sampleRate);  // cut short
  EXPECT_FALSE(isAudioRate(4e9));
  EXPECT_TRUE(isAudioRate(2147483647.0));
}

TEST(HostileText, LinesBeyondTheLimitNulBytesAndUtf16AreRefusedNamingTheLine) {
  TempFolder folder;
  const auto write = [&](const std::string& name, const std::string& bytes) {
    std::ofstream(folder / name, std::ios::binary) << bytes;
    return folder / name;
  };
  const auto readAll = [](const std::filesystem::path& path, std::size_t longest) {
    TextLines lines(path, longest);
    std::string line;
    while (lines.next(line)) {
    }
  };
  const auto longLine = write("long.csv", "0.1\n" + std::string(300, '1') + "\n");
  EXPECT_NE(refusal([&] { readAll(longLine, 256); }).find("long.csv, line 2: longer than"), std::string::npos);
  EXPECT_EQ(refusal([&] { readAll(longLine, 4096); }), "");
  const auto nul = write("nul.csv", std::string("0.1\n0.\0" "2\n", 8));
  const std::string nulRefusal = refusal([&] { readAll(nul, 4096); });
  EXPECT_NE(nulRefusal.find("nul.csv, line 2: holds a NUL byte"), std::string::npos) << nulRefusal;
  const auto bom = write("bom.csv", std::string("\xFF\xFE" "0\0.\0" "1\0\n\0", 10));
  const std::string bomRefusal = refusal([&] { readAll(bom, 4096); });
  EXPECT_NE(bomRefusal.find("byte-order mark"), std::string::npos) << bomRefusal;
  EXPECT_EQ(printable(std::string("a\0b\xFF", 4)), "a\\x00b\\xFF");
  EXPECT_EQ(printable(std::string(50, 'x'), 4), "xxxx...");

  std::string wide;
  for (std::size_t c = 0; c <= kMostTextColumns; ++c) wide += c ? ",0" : "0";
  SignalReadOptions options;
  options.text.sampleRate = 1000.0;
  EXPECT_NE(refusal([&] { readSignal(write("wide.csv", wide + "\n"), options); }).find("more than 65536 columns"),
            std::string::npos);
  options.text.timeColumn = 0;
  EXPECT_NE(refusal([&] { readSignal(write("tiny.csv", "0,1\n5e-324,1\n1e-323,1\n"), options); })
                .find("tiny.csv, line 2: the time column steps by"),
            std::string::npos);
}

TEST(HostileRaw, ChannelsAndRatesAreCheckedAndAnyPositiveRateIsKept) {
  TempFolder folder;
  std::ofstream(folder / "x.raw", std::ios::binary) << std::string(9600, '\x10');
  SignalReadOptions options;
  options.raw = {Encoding::Pcm16, false, 2400, 48000.0};
  EXPECT_NE(refusal([&] { readSignal(folder / "x.raw", options); }).find("1 to 1024 interleaved channels, not 2400"),
            std::string::npos);
  for (const double rate : {3e9, 1e300, 0.3}) {
    options.raw = {Encoding::Pcm16, false, 1, rate};
    EXPECT_EQ(readSignal(folder / "x.raw", options).sampleRate, rate);
  }
  options.raw.sampleRate = std::nan("");
  EXPECT_NE(refusal([&] { readSignal(folder / "x.raw", options); }).find("positive, finite sample rate"),
            std::string::npos);
}

}  // namespace
}  // namespace fftscope::signal
