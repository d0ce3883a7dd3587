#include "signal/AudioReader.h"

#include "io/MemoryBudget.h"
#include "signal/AudioHeaderProbe.h"
#include "signal/SndfileFormat.h"

#include <sndfile.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <locale>
#include <sstream>
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
// shortfall in its log only ("data : 96000 (should be 47978)"); an RF64 whose ds64 chunk declares
// more than the file holds it notes as "Data size : N" with fewer frames read. A cut file is
// refused here.
void refuseShortDataChunk(SNDFILE* file, const std::filesystem::path& path, std::uint64_t presentBytes) {
  std::vector<char> log(16384, '\0');
  sf_command(file, SFC_GET_LOG_INFO, log.data(), int(log.size()) - 1);
  std::string text(log.data());
  std::size_t at = 0;
  while ((at = text.find('\n', at)) != std::string::npos) {
    ++at;
    std::string line = text.substr(at, text.find('\n', at) - at);
    line.erase(0, line.find_first_not_of(" \t"));  // AIFF's chunks are indented
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    if (line.rfind("Data size", 0) == 0) {
      unsigned long long declared = 0;
      if (std::sscanf(line.c_str() + colon + 1, " %llu", &declared) == 1 && declared > presentBytes)
        throw failure(path, "truncated: the ds64 chunk declares " + std::to_string(declared) +
                                " bytes of samples but " + std::to_string(presentBytes) + " are present");
      continue;
    }
    if (line.rfind("data", 0) != 0 && line.rfind("SSND", 0) != 0) continue;
    long long declared = 0, present = 0;
    if (std::sscanf(line.c_str() + colon + 1, " %lld (should be %lld)", &declared, &present) == 2 && present < declared)
      throw failure(path, "truncated: the data chunk declares " + std::to_string(declared) + " bytes but " +
                              std::to_string(present) + " are present");
  }
}

bool isIntegerPcm(Encoding encoding) {
  return encoding == Encoding::PcmU8 || encoding == Encoding::PcmS8 || encoding == Encoding::Pcm16 ||
         encoding == Encoding::Pcm24 || encoding == Encoding::Pcm32;
}

// The most frames a file of `fileBytes` can hold: uncompressed samples take their size each; a
// FLAC frame or an Ogg page holds at most 65535 samples a channel in more than one byte.
std::uint64_t mostFramesIn(std::uint64_t fileBytes, const SignalFormat& format, std::size_t channels) {
  const int bits = bitsPerSample(format.encoding);
  if (format.container == Container::Flac || format.encoding == Encoding::Vorbis || bits == 0)
    return io::bytesOf(fileBytes, 65536);
  return fileBytes / (std::uint64_t(bits / 8) * channels);
}

// Reads every frame into planar floats. Integer PCM goes through libsndfile's int path (left
// aligned in 32 bits) and is scaled by 2^-31, so that 8-, 16- and 24-bit samples are exact and
// write back to the same integers; the float path would scale reads and writes differently.
// The channels grow as samples arrive: what the header declares is checked against the file's
// size and the memory budget, and only reserved, never filled, so that a header that lies costs
// nothing. A FLAC of unknown length (total samples 0) is read to its end.
Signal readOpened(SNDFILE* file, const SF_INFO& info, const SignalFormat& format, const std::filesystem::path& path,
                  const ReadControl& control, std::uint64_t fileBytes) {
  if (info.channels < 1) throw failure(path, "the file has no channels");
  if (info.samplerate < 1) throw failure(path, "the sample rate is zero");
  const bool unknownLength = info.frames == SF_COUNT_MAX;
  if (info.frames < 1) throw failure(path, "the file holds no samples");

  Signal signal;
  signal.sampleRate = info.samplerate;
  signal.sourceName = path.filename().string();
  signal.format = format;
  const std::size_t channels = std::size_t(info.channels);
  const std::uint64_t declared = unknownLength ? 0 : std::uint64_t(info.frames);
  const std::uint64_t most = mostFramesIn(fileBytes, format, channels);
  if (declared > most)
    throw failure(path, "truncated: the header declares " + std::to_string(declared) + " frames of " +
                            std::to_string(channels) + " channel(s), more than " + std::to_string(fileBytes) +
                            " bytes of " + std::string(toString(format.container)) + " can hold");
  const auto requireFrames = [&](std::uint64_t frames) {
    io::requireMemory(io::bytesOf(io::bytesOf(frames, channels), sizeof(float)),
                      path.string() + ": " + std::to_string(frames) + " frames of " + std::to_string(channels) +
                          " channel(s)");
  };
  requireFrames(declared);
  signal.channels.resize(channels);
  for (auto& channel : signal.channels) channel.reserve(std::size_t(declared));

  const bool integer = isIntegerPcm(format.encoding);
  // A block holds no more frames than the file can: a short file of many channels reads in a
  // buffer its own size, not kBlockFrames times its channels.
  const sf_count_t blockFrames =
      sf_count_t(std::max<std::uint64_t>(1, std::min<std::uint64_t>(kBlockFrames, unknownLength ? most : declared)));
  std::vector<int> ints(integer ? std::size_t(blockFrames) * channels : 0);
  std::vector<float> floats(integer ? 0 : std::size_t(blockFrames) * channels);
  constexpr double kIntScale = 1.0 / 2147483648.0;

  std::size_t done = 0;
  control.step(0.0);
  while (unknownLength || done < declared) {
    const sf_count_t want =
        unknownLength ? blockFrames : sf_count_t(std::min<std::uint64_t>(std::uint64_t(blockFrames), declared - done));
    const sf_count_t got = integer ? sf_readf_int(file, ints.data(), want) : sf_readf_float(file, floats.data(), want);
    if (got <= 0) break;
    if (unknownLength) requireFrames(done + std::size_t(got));
    for (std::size_t c = 0; c < channels; ++c) {
      auto& channel = signal.channels[c];
      channel.resize(done + std::size_t(got));
      float* out = channel.data() + done;
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
    control.step(unknownLength ? 0.0 : double(done) / double(declared));
  }
  if (unknownLength && done == 0) throw failure(path, "the file holds no samples");
  if (!unknownLength && done < declared) {
    const std::string why = sf_error(file) != SF_ERR_NO_ERROR ? std::string(" (") + sf_strerror(file) + ")" : "";
    throw failure(path, "truncated: the samples end after " + std::to_string(done) + " of " + std::to_string(declared) +
                            " frames" + why);
  }
  control.step(1.0);
  return signal;
}

std::string rateProblem(double declared) {
  std::ostringstream text;
  text.imbue(std::locale::classic());
  text << "the header declares a sample rate of " << declared << " Hz; an audio rate is 1 to "
       << std::uint64_t(kHighestAudioRate) << " Hz";
  return text.str();
}

// libsndfile makes up a rate for some that are out of range (AIFF 0, inf, NaN; FLAC 0).
void refuseDeclaredRate(const std::filesystem::path& path) {
  const DeclaredAudioHeader header = probeAudioHeader(path);
  if (header.sampleRate && !isAudioRate(*header.sampleRate)) {
    if (*header.sampleRate == 0.0) throw failure(path, "the sample rate is zero");
    throw failure(path, rateProblem(*header.sampleRate));
  }
}

// libsndfile answers "SF_INFO struct incomplete" for a zero or too large rate or no channels; the
// header says which, so the message can name it.
std::string incompleteHeaderReason(const std::filesystem::path& path) {
  const DeclaredAudioHeader header = probeAudioHeader(path);
  if (header.sampleRate && *header.sampleRate == 0.0) return "the sample rate is zero";
  if (header.sampleRate && !isAudioRate(*header.sampleRate)) return rateProblem(*header.sampleRate);
  if (header.channels && *header.channels == 0) return "the file has no channels";
  return "the header gives no sample rate, no channels or no sample format";
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

// The bytes a regular file holds; UINT64_MAX for anything else (its length is not known).
std::uint64_t fileBytesOf(const std::filesystem::path& path) {
  std::error_code error;
  const bool regular = std::filesystem::is_regular_file(path, error);
  const std::uintmax_t bytes = regular ? std::filesystem::file_size(path, error) : 0;
  return regular && !error ? std::uint64_t(bytes) : std::numeric_limits<std::uint64_t>::max();
}

}  // namespace

Signal readAudio(const std::filesystem::path& path, const ReadControl& control) {
  SF_INFO info{};
  SndfileHandle file = open(path, info);
  const auto format = fromSndfileFormat(info.format);
  if (!format || format->container == Container::Raw)
    throw failure(path, "unsupported audio container or encoding: " + formatName(info.format));
  refuseDeclaredRate(path);
  const std::uint64_t frameBytes = std::uint64_t(bitsPerSample(format->encoding) / 8) * std::uint64_t(std::max(info.channels, 0));
  refuseShortDataChunk(file.get(), path, io::bytesOf(std::uint64_t(std::max<sf_count_t>(info.frames, 0)), frameBytes));
  return readOpened(file.get(), info, *format, path, control, fileBytesOf(path));
}

void validateRawOptions(const RawOptions& options) {
  if (options.channels < 1 || options.channels > kMostRawChannels)
    throw std::invalid_argument("a raw file has 1 to " + std::to_string(kMostRawChannels) + " interleaved channels, not " +
                                std::to_string(options.channels));
  if (!(options.sampleRate > 0.0) || !std::isfinite(options.sampleRate)) {
    std::ostringstream text;
    text.imbue(std::locale::classic());
    text << "a raw file needs a positive, finite sample rate, not " << options.sampleRate << " Hz";
    throw std::invalid_argument(text.str());
  }
  if (options.encoding == Encoding::Vorbis) throw std::invalid_argument("Vorbis is not a raw sample type");
}

Signal readRaw(const std::filesystem::path& path, const RawOptions& options, const ReadControl& control) {
  try {
    validateRawOptions(options);
  } catch (const std::invalid_argument& e) {
    throw failure(path, e.what());
  }
  SignalFormat format{Container::Raw, options.encoding, options.bigEndian};
  const std::size_t frameBytes = std::size_t(bitsPerSample(options.encoding) / 8) * std::size_t(options.channels);
  const std::uint64_t fileBytes = fileBytesOf(path);
  if (std::filesystem::exists(path) && fileBytes == std::numeric_limits<std::uint64_t>::max())
    throw failure(path, "not a regular file: a raw file's length gives its frames");
  if (fileBytes != std::numeric_limits<std::uint64_t>::max() && fileBytes % frameBytes != 0)
    throw failure(path, "truncated: " + std::to_string(fileBytes) + " bytes is not a whole number of " +
                            std::to_string(frameBytes) + "-byte frames");
  SF_INFO info{};
  info.format = toSndfileFormat(format);
  info.channels = options.channels;
  // libsndfile keeps whole hertz in an int and does nothing with a raw file's rate; ours is set below.
  info.samplerate = 48000;
  SndfileHandle file = open(path, info);
  Signal signal = readOpened(file.get(), info, format, path, control, fileBytes);
  signal.sampleRate = options.sampleRate;
  return signal;
}

}  // namespace fftscope::signal
