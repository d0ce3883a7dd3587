#include "signal/AudioWriter.h"

#include "io/StagedFile.h"
#include "signal/AudioHeaderProbe.h"
#include "signal/SndfileFormat.h"

#include <sndfile.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <locale>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace fftscope::signal {
namespace {

constexpr std::size_t kBlockFrames = 65536;

bool isIntegerPcm(Encoding encoding) { return encoding != Encoding::Float32 && encoding != Encoding::Float64 && encoding != Encoding::Vorbis; }

// Rounds to the file's integer grid here, left aligned in 32 bits for libsndfile's int path (which
// would otherwise truncate): a sample read from a 16- or 24-bit file writes back to the same integer.
int toFileInteger(float value, int bits, std::size_t& clipped) {
  const double scale = std::ldexp(1.0, bits - 1);
  const double exact = std::nearbyint(double(value) * scale);
  const double q = std::clamp(exact, -scale, scale - 1.0);
  clipped += exact > scale || exact < -scale;  // +full scale itself rounds to the largest integer
  return int(std::int64_t(q) * (std::int64_t(1) << (32 - bits)));
}

std::size_t writeFrames(SNDFILE* file, const Signal& signal, Encoding encoding, const ReadControl& control,
                        const io::StagedFile& staged) {
  std::size_t clipped = 0;
  const std::size_t channels = signal.channelCount();
  const std::size_t frames = signal.frames();
  const bool integer = isIntegerPcm(encoding);
  const int bits = bitsPerSample(encoding);
  std::vector<int> ints(integer ? kBlockFrames * channels : 0);
  std::vector<float> floats(integer ? 0 : kBlockFrames * channels);
  control.step(0.0);
  for (std::size_t done = 0; done < frames;) {
    const std::size_t count = std::min(kBlockFrames, frames - done);
    for (std::size_t c = 0; c < channels; ++c) {
      const float* in = signal.channels[c].data() + done;
      for (std::size_t i = 0; i < count; ++i) {
        if (integer)
          ints[i * channels + c] = toFileInteger(in[i], bits, clipped);
        else
          floats[i * channels + c] = in[i];
      }
    }
    const sf_count_t written = integer ? sf_writef_int(file, ints.data(), sf_count_t(count))
                                       : sf_writef_float(file, floats.data(), sf_count_t(count));
    if (written != sf_count_t(count)) staged.fail(sf_strerror(file));
    done += count;
    control.step(double(done) / double(frames));
  }
  return clipped;
}

}  // namespace

SignalFormat formatForPath(const std::filesystem::path& path, const SignalFormat& preferred) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  SignalFormat format = preferred;
  if (extension == ".wav") {
    if (format.container != Container::WavExtensible) format.container = Container::Wav;
  } else if (extension == ".rf64") {
    format.container = Container::Rf64;
  } else if (extension == ".flac") {
    format.container = Container::Flac;
  } else if (extension == ".aif" || extension == ".aiff") {
    format.container = Container::Aiff;
  } else if (extension == ".ogg" || extension == ".oga") {
    format.container = Container::Ogg;
    format.encoding = Encoding::Vorbis;
  } else {
    throw std::invalid_argument(path.string() + ": not an audio file name (.wav, .rf64, .flac, .aiff, .ogg)");
  }
  if (format.container != Container::Ogg && format.encoding == Encoding::Vorbis) format.encoding = Encoding::Pcm24;
  format.bigEndian = false;
  try {
    toSndfileFormat(format);
  } catch (const std::invalid_argument&) {
    format.encoding = Encoding::Pcm24;  // e.g. float samples into FLAC
  }
  return format;
}

void checkAudioOutput(const std::filesystem::path& path, const SignalFormat& format, double sampleRate,
                      std::size_t channels) {
  const auto fail = [&](const std::string& problem) { return std::runtime_error(path.string() + ": " + problem); };
  SF_INFO info{};
  try {
    info.format = toSndfileFormat(format);
  } catch (const std::invalid_argument& e) {
    throw fail(e.what());
  }
  if (!(sampleRate >= 0.5 && sampleRate < kHighestAudioRate + 0.5)) {
    std::ostringstream text;
    text.imbue(std::locale::classic());
    text.precision(12);
    text << std::string(toString(format.container)) << " holds whole hertz from 1 to "
         << std::uint64_t(kHighestAudioRate) << ", not a sample rate of " << sampleRate << " Hz";
    throw fail(text.str());
  }
  info.samplerate = int(std::lround(sampleRate));
  info.channels = int(std::min<std::size_t>(channels, 1u << 30));
  if (channels < 1 || !sf_format_check(&info))
    throw fail(std::string(toString(format.container)) + " cannot hold " + std::to_string(channels) +
               " channels at " + std::to_string(info.samplerate) + " Hz in " + std::string(toString(format.encoding)));
}

std::size_t writeAudio(const Signal& signal, const std::filesystem::path& path, const std::optional<SignalFormat>& format,
                       const ReadControl& control) {
  const auto fail = [&](const std::string& problem) { return std::runtime_error(path.string() + ": " + problem); };
  try {
    validateSignal(signal);
  } catch (const std::invalid_argument& e) {
    throw fail(e.what());
  }
  const SignalFormat chosen = format.value_or(signal.format);
  checkAudioOutput(path, chosen, signal.sampleRate, signal.channelCount());
  SF_INFO info{};
  info.format = toSndfileFormat(chosen);
  info.channels = int(signal.channelCount());
  info.samplerate = int(std::lround(signal.sampleRate));

  io::StagedFile staged(path);
  SNDFILE* file = sf_open(staged.path().c_str(), SFM_WRITE, &info);
  if (file == nullptr) staged.fail(sf_strerror(nullptr));
  std::size_t clipped = 0;
  try {
    clipped = writeFrames(file, signal, chosen.encoding, control, staged);
  } catch (...) {
    sf_close(file);
    throw;
  }
  if (sf_close(file) != 0) staged.fail("closing the file failed");
  staged.commit();
  return clipped;
}

}  // namespace fftscope::signal
