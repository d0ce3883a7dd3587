#include "signal/Signal.h"

#include <cmath>
#include <stdexcept>

namespace fftscope::signal {

std::string_view toString(Container container) {
  switch (container) {
    case Container::Wav: return "WAV";
    case Container::WavExtensible: return "WAV (extensible)";
    case Container::Rf64: return "RF64";
    case Container::Flac: return "FLAC";
    case Container::Aiff: return "AIFF";
    case Container::Ogg: return "Ogg";
    case Container::Text: return "text";
    case Container::Npy: return "NumPy";
    case Container::Raw: return "raw";
    case Container::Generated: return "generated";
  }
  return "?";
}

std::string_view toString(Encoding encoding) {
  switch (encoding) {
    case Encoding::PcmU8: return "8-bit unsigned PCM";
    case Encoding::PcmS8: return "8-bit PCM";
    case Encoding::Pcm16: return "16-bit PCM";
    case Encoding::Pcm24: return "24-bit PCM";
    case Encoding::Pcm32: return "32-bit PCM";
    case Encoding::Float32: return "32-bit float";
    case Encoding::Float64: return "64-bit float";
    case Encoding::Vorbis: return "Vorbis";
  }
  return "?";
}

int bitsPerSample(Encoding encoding) {
  switch (encoding) {
    case Encoding::PcmU8:
    case Encoding::PcmS8: return 8;
    case Encoding::Pcm16: return 16;
    case Encoding::Pcm24: return 24;
    case Encoding::Pcm32:
    case Encoding::Float32: return 32;
    case Encoding::Float64: return 64;
    case Encoding::Vorbis: return 0;
  }
  return 0;
}

std::string SignalFormat::describe() const {
  return std::string(toString(container)) + ", " + std::string(toString(encoding));
}

std::size_t firstNonFinite(const float* values, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i)
    if (!std::isfinite(values[i])) return i;
  return count;
}

void validateSignal(const Signal& signal) {
  if (signal.channels.empty()) throw std::invalid_argument("the signal has no channels");
  if (!(signal.sampleRate > 0.0) || !std::isfinite(signal.sampleRate))
    throw std::invalid_argument("the sample rate must be positive, not " + std::to_string(signal.sampleRate));
  const std::size_t frames = signal.frames();
  if (frames == 0) throw std::invalid_argument("the signal has no samples");
  for (std::size_t c = 0; c < signal.channels.size(); ++c) {
    const auto& channel = signal.channels[c];
    if (channel.size() != frames)
      throw std::invalid_argument("channel " + std::to_string(c + 1) + " has " + std::to_string(channel.size()) +
                                  " samples, channel 1 has " + std::to_string(frames));
    const std::size_t bad = firstNonFinite(channel.data(), channel.size());
    if (bad != channel.size())
      throw std::invalid_argument("sample " + std::to_string(bad) + " of channel " + std::to_string(c + 1) +
                                  " is " + (std::isnan(channel[bad]) ? "NaN" : "infinite"));
  }
}

Signal pickChannel(const Signal& signal, std::size_t channel) {
  if (channel >= signal.channels.size())
    throw std::out_of_range("channel " + std::to_string(channel + 1) + " of a signal with " +
                            std::to_string(signal.channels.size()) + " channels");
  Signal picked{signal.sampleRate, {}, signal.sourceName, signal.format};
  picked.channels.push_back(signal.channels[channel]);
  return picked;
}

Signal mixDown(const Signal& signal) {
  Signal mixed{signal.sampleRate, {}, signal.sourceName, signal.format};
  mixed.channels.push_back(channelOrMix(signal, -1));
  return mixed;
}

std::vector<float> channelOrMix(const Signal& signal, int channel) {
  if (channel >= 0) {
    if (std::size_t(channel) >= signal.channels.size()) pickChannel(signal, std::size_t(channel));  // throws
    return signal.channels[std::size_t(channel)];
  }
  if (signal.channels.empty()) return {};
  if (signal.channels.size() == 1) return signal.channels.front();
  std::vector<float> mix(signal.frames(), 0.0f);
  const double scale = 1.0 / double(signal.channels.size());
  for (std::size_t i = 0; i < mix.size(); ++i) {
    double sum = 0.0;
    for (const auto& c : signal.channels) sum += c[i];
    mix[i] = float(sum * scale);
  }
  return mix;
}

}  // namespace fftscope::signal
