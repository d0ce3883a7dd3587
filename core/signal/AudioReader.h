// Audio files through libsndfile: WAV (with WAVE_FORMAT_EXTENSIBLE), RF64, FLAC, AIFF and
// Ogg/Vorbis, PCM 8/16/24/32, float and double; and header-less raw files of a given sample type,
// byte order, channel count and rate. Read in blocks into planar floats, so that the memory on
// top of the signal itself stays at one block whatever the file's length. Every refusal is a
// std::runtime_error naming the file and the problem.
#pragma once

#include "signal/ReadControl.h"
#include "signal/Signal.h"

#include <filesystem>

namespace fftscope::signal {

Signal readAudio(const std::filesystem::path& path, const ReadControl& control = {});

struct RawOptions {
  Encoding encoding = Encoding::Pcm16;  // any but Vorbis
  bool bigEndian = false;
  int channels = 1;                     // interleaved
  double sampleRate = 0.0;              // Hz; must be given
};

// libsndfile reads at most this many interleaved channels.
constexpr int kMostRawChannels = 1024;
// Throws std::invalid_argument naming the value: channels outside 1 .. kMostRawChannels, a rate
// that is not positive and finite, Vorbis.
void validateRawOptions(const RawOptions& options);

Signal readRaw(const std::filesystem::path& path, const RawOptions& options, const ReadControl& control = {});

}  // namespace fftscope::signal
