#include "signal/AudioReader.h"

#include "signal/SndfileFormat.h"

#include <sndfile.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace fftscope::signal {
namespace {

constexpr sf_count_t kBlockFrames = 65536;

struct SndfileCloser {
  void operator()(SNDFILE* file) const { sf_close(file); }
};
using SndfileHandle = std::unique_ptr<SNDFILE, SndfileCloser>;

std::runtime_error failure(const std::filesystem::path& path, const std::string& problem) {
  return std::runtime_error(path.string() + ": " + problem);
}

std::string formatName(int format) {
  SF_FORMAT_INFO info{};
  info.format = format & SF_FORMAT_TYPEMASK;
  if (sf_command(nullptr, SFC_GET_FORMAT_INFO, &info, sizeof info) == 0 && info.name != nullptr) return info.name;
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%X", unsigned(format));
  return std::string("format ") + hex;
}

// libsndfile reads a WAV or AIFF whose data chunk is cut short without complaint, noting the
// shortfall in its log only ("data : 96000 (should be 47978)"); a cut file is refused here.
void refuseShortDataChunk(SNDFILE* file, const std::filesystem::path& path) {
  std::vector<char> log(16384, '\0');
  sf_command(file, SFC_GET_LOG_INFO, log.data(), int(log.size()) - 1);
  std::string text(log.data());
  std::size_t at = 0;
  while ((at = text.find('\n', at)) != std::string::npos) {
    ++at;
    const std::string line = text.substr(at, text.find('\n', at) - at);
    if (line.rfind("data", 0) != 0 && line.rfind("SSND", 0) != 0) continue;
    long long declared = 0, present = 0;
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    if (std::sscanf(line.c_str() + colon + 1, " %lld (should be %lld)", &declared, &present) == 2 && present < declared)
      throw failure(path, "truncated: the data chunk declares " + std::to_string(declared) + " bytes but " +
                              std::to_string(present) + " are present");
  }
}

bool isIntegerPcm(Encoding encoding) {
  return encoding == Encoding::PcmU8 || encoding == Encoding::PcmS8 || encoding == Encoding::Pcm16 ||
         encoding == Encoding::Pcm24 || encoding == Encoding::Pcm32;
}

// Reads every frame into planar floats. Integer PCM goes through libsndfile's int path (left
// aligned in 32 bits) and is scaled by 2^-31, so that 8-, 16- and 24-bit samples are exact and
// write back to the same integers; the float path would scale reads and writes differently.
Signal readOpened(SNDFILE* file, const SF_INFO& info, const SignalFormat& format, const std::filesystem::path& path,
                  const ReadControl& control) {
  if (info.channels < 1) throw failure(path, "the file has no channels");
  if (info.samplerate < 1) throw failure(path, "the sample rate is zero");
  if (info.frames < 1) throw failure(path, "the file holds no samples");

  Signal signal;
  signal.sampleRate = info.samplerate;
  signal.sourceName = path.filename().string();
  signal.format = format;
  const std::size_t channels = std::size_t(info.channels);
  const std::size_t frames = std::size_t(info.frames);
  // One allocation per channel (assign(n, prototype) would also hold a prototype's worth).
  signal.channels.resize(channels);
  for (auto& channel : signal.channels) channel.resize(frames);

  const bool integer = isIntegerPcm(format.encoding);
  std::vector<int> ints(integer ? std::size_t(kBlockFrames) * channels : 0);
  std::vector<float> floats(integer ? 0 : std::size_t(kBlockFrames) * channels);
  constexpr double kIntScale = 1.0 / 2147483648.0;

  std::size_t done = 0;
  control.step(0.0);
  while (done < frames) {
    const sf_count_t want = sf_count_t(std::min<std::size_t>(std::size_t(kBlockFrames), frames - done));
    const sf_count_t got = integer ? sf_readf_int(file, ints.data(), want) : sf_readf_float(file, floats.data(), want);
    if (got <= 0) break;
    for (std::size_t c = 0; c < channels; ++c) {
      float* out = signal.channels[c].data() + done;
      for (sf_count_t i = 0; i < got; ++i) {
        const std::size_t k = std::size_t(i) * channels + c;
        const float value = integer ? float(double(ints[k]) * kIntScale) : floats[k];
        if (!std::isfinite(value))
          throw failure(path, std::string(std::isnan(value) ? "NaN" : "infinite") + " sample at index " +
                                  std::to_string(done + std::size_t(i)) + ", channel " + std::to_string(c + 1));
        out[i] = value;
      }
    }
    done += std::size_t(got);
    control.step(double(done) / double(frames));
  }
  if (done < frames) {
    const std::string why = sf_error(file) != SF_ERR_NO_ERROR ? std::string(" (") + sf_strerror(file) + ")" : "";
    throw failure(path, "truncated: the samples end after " + std::to_string(done) + " of " + std::to_string(frames) +
                            " frames" + why);
  }
  return signal;
}

// libsndfile answers "SF_INFO struct incomplete" for a zero rate or channel count; a WAV's fmt
// chunk says which, so the message can name it.
std::string incompleteHeaderReason(const std::filesystem::path& path) {
  const std::string generic = "the header gives no sample rate, no channels or no sample format";
  std::ifstream in(path, std::ios::binary);
  char riff[12];
  if (!in.read(riff, 12) || (std::memcmp(riff, "RIFF", 4) != 0 && std::memcmp(riff, "RF64", 4) != 0) ||
      std::memcmp(riff + 8, "WAVE", 4) != 0)
    return generic;
  char chunk[8];
  while (in.read(chunk, 8)) {
    const std::uint32_t size = std::uint32_t(std::uint8_t(chunk[4])) | std::uint32_t(std::uint8_t(chunk[5])) << 8 |
                               std::uint32_t(std::uint8_t(chunk[6])) << 16 | std::uint32_t(std::uint8_t(chunk[7])) << 24;
    if (std::memcmp(chunk, "fmt ", 4) != 0) {
      in.seekg(std::streamoff(size + (size & 1)), std::ios::cur);
      continue;
    }
    unsigned char fmt[8];
    if (size < 8 || !in.read(reinterpret_cast<char*>(fmt), 8)) return generic;
    const unsigned channels = unsigned(fmt[2]) | unsigned(fmt[3]) << 8;
    const std::uint32_t rate = std::uint32_t(fmt[4]) | std::uint32_t(fmt[5]) << 8 | std::uint32_t(fmt[6]) << 16 |
                               std::uint32_t(fmt[7]) << 24;
    if (rate == 0) return "the sample rate is zero";
    if (channels == 0) return "the file has no channels";
    return generic;
  }
  return generic;
}

SndfileHandle open(const std::filesystem::path& path, SF_INFO& info) {
  if (!std::filesystem::exists(path)) throw failure(path, "no such file");
  if (std::filesystem::is_regular_file(path) && std::filesystem::file_size(path) == 0) throw failure(path, "the file is empty");
  SndfileHandle file(sf_open(path.c_str(), SFM_READ, &info));
  if (!file) {
    const std::string reason = sf_strerror(nullptr);
    if (reason.find("not recognised") != std::string::npos || reason.find("unknown format") != std::string::npos)
      throw failure(path, "not a supported audio container (WAV, RF64, FLAC, AIFF, Ogg/Vorbis): " + reason);
    if (reason.find("SF_INFO struct incomplete") != std::string::npos) throw failure(path, incompleteHeaderReason(path));
    throw failure(path, "cannot be read as audio: " + reason);
  }
  return file;
}

}  // namespace

Signal readAudio(const std::filesystem::path& path, const ReadControl& control) {
  SF_INFO info{};
  SndfileHandle file = open(path, info);
  const auto format = fromSndfileFormat(info.format);
  if (!format || format->container == Container::Raw)
    throw failure(path, "unsupported audio container or encoding: " + formatName(info.format));
  refuseShortDataChunk(file.get(), path);
  return readOpened(file.get(), info, *format, path, control);
}

Signal readRaw(const std::filesystem::path& path, const RawOptions& options, const ReadControl& control) {
  if (options.channels < 1) throw failure(path, "a raw file needs at least one channel");
  if (!(options.sampleRate > 0.0) || !std::isfinite(options.sampleRate))
    throw failure(path, "a raw file needs a positive sample rate");
  if (options.encoding == Encoding::Vorbis) throw failure(path, "Vorbis is not a raw sample type");
  SignalFormat format{Container::Raw, options.encoding, options.bigEndian};
  const std::size_t frameBytes = std::size_t(bitsPerSample(options.encoding) / 8) * std::size_t(options.channels);
  if (std::filesystem::exists(path) && std::filesystem::file_size(path) % frameBytes != 0)
    throw failure(path, "truncated: " + std::to_string(std::filesystem::file_size(path)) +
                            " bytes is not a whole number of " + std::to_string(frameBytes) + "-byte frames");
  SF_INFO info{};
  info.format = toSndfileFormat(format);
  info.channels = options.channels;
  info.samplerate = int(std::lround(options.sampleRate));
  SndfileHandle file = open(path, info);
  Signal signal = readOpened(file.get(), info, format, path, control);
  signal.sampleRate = options.sampleRate;  // libsndfile keeps whole hertz only
  return signal;
}

}  // namespace fftscope::signal
