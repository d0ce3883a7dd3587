// A sampled signal as the Signal workspace holds it: a sample rate, one or more channels of equal
// length stored planar (one vector per channel, floats in full-scale units: ±1 is full scale for
// audio), where it came from, and the format to write it back in.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope::signal {

// Where the samples came from. Audio containers are written back in the same container.
enum class Container { Wav, WavExtensible, Rf64, Flac, Aiff, Ogg, Text, Npy, Raw, Generated };
// How each sample is stored in the file.
enum class Encoding { PcmU8, PcmS8, Pcm16, Pcm24, Pcm32, Float32, Float64, Vorbis };

struct SignalFormat {
  Container container = Container::Generated;
  Encoding encoding = Encoding::Float32;
  bool bigEndian = false;  // raw files only

  std::string describe() const;  // e.g. "WAV, 24-bit PCM"
};

std::string_view toString(Container);
std::string_view toString(Encoding);
int bitsPerSample(Encoding);  // 8, 16, 24, 32 or 64; Vorbis 0

struct Signal {
  double sampleRate = 0.0;                   // Hz, > 0
  std::vector<std::vector<float>> channels;  // planar, all the same length, at least one sample
  std::string sourceName;                    // the file name, or what generated it
  SignalFormat format;

  std::size_t channelCount() const { return channels.size(); }
  std::size_t frames() const { return channels.empty() ? 0 : channels.front().size(); }
  double seconds() const { return sampleRate > 0 ? double(frames()) / sampleRate : 0.0; }
};

// Throws std::invalid_argument naming the problem: no channels, channels of different lengths,
// no samples, a sample rate that is not positive and finite, a NaN or infinite sample (with its
// sample index and channel).
void validateSignal(const Signal& signal);

// The index of the first NaN or infinite value, or `count` when there is none.
std::size_t firstNonFinite(const float* values, std::size_t count);

// One channel (0-based) as its own signal; std::out_of_range names the channel count.
Signal pickChannel(const Signal& signal, std::size_t channel);
// The mean of all channels, one channel.
Signal mixDown(const Signal& signal);
// The samples to analyse: channel `channel`, or the mix when channel < 0.
std::vector<float> channelOrMix(const Signal& signal, int channel);

}  // namespace fftscope::signal
