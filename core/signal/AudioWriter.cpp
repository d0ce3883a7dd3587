#include "signal/AudioWriter.h"

#include "io/StagedFile.h"
#include "signal/SndfileFormat.h"

#include <sndfile.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace fftscope::signal {
namespace {

constexpr std::size_t kBlockFrames = 65536;

bool isIntegerPcm(Encoding encoding) { return encoding != Encoding::Float32 && encoding != Encoding::Float64 && encoding != Encoding::Vorbis; }

// Rounds to the file's integer grid here, left aligned in 32 bits for libsndfile's int path (which
// would otherwise truncate): a sample read from a 16- or 24-bit file writes back to the same integer.
int toFileInteger(float value, int bits) {
  const double scale = std::ldexp(1.0, bits - 1);
  const double q = std::clamp(std::nearbyint(double(value) * scale), -scale, scale - 1.0);
  return int(std::int64_t(q) * (std::int64_t(1) << (32 - bits)));
}

void writeFrames(SNDFILE* file, const Signal& signal, Encoding encoding, const ReadControl& control,
                 const io::StagedFile& staged) {
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
          ints[i * channels + c] = toFileInteger(in[i], bits);
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

void writeAudio(const Signal& signal, const std::filesystem::path& path, const std::optional<SignalFormat>& format,
                const ReadControl& control) {
  const auto fail = [&](const std::string& problem) { return std::runtime_error(path.string() + ": " + problem); };
  try {
    validateSignal(signal);
  } catch (const std::invalid_argument& e) {
    throw fail(e.what());
  }
  const SignalFormat chosen = format.value_or(signal.format);
  SF_INFO info{};
  try {
    info.format = toSndfileFormat(chosen);
  } catch (const std::invalid_argument& e) {
    throw fail(e.what());
  }
  info.channels = int(signal.channelCount());
  info.samplerate = int(std::lround(signal.sampleRate));
  if (info.samplerate < 1) throw fail("audio files need a sample rate of at least 1 Hz");
  if (!sf_format_check(&info))
    throw fail(std::string(toString(chosen.container)) + " cannot hold " + std::to_string(info.channels) +
               " channels at " + std::to_string(info.samplerate) + " Hz in " + std::string(toString(chosen.encoding)));

  io::StagedFile staged(path);
  SNDFILE* file = sf_open(staged.path().c_str(), SFM_WRITE, &info);
  if (file == nullptr) staged.fail(sf_strerror(nullptr));
  try {
    writeFrames(file, signal, chosen.encoding, control, staged);
  } catch (...) {
    sf_close(file);
    throw;
  }
  if (sf_close(file) != 0) staged.fail("closing the file failed");
  staged.commit();
}

}  // namespace fftscope::signal
