// What an audio file's header declares, read from its first bytes by our own code: libsndfile
// turns an AIFF rate of 0, infinity or NaN into 1 or 67108864 Hz, a FLAC rate of 0 into 128 Hz and
// a WAV rate above 2^31 - 1 into "SF_INFO struct incomplete", so the rate the file really states
// is read here and judged against the range an audio rate may take.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>

namespace fftscope::signal {

struct DeclaredAudioHeader {
  std::optional<double> sampleRate;   // Hz as stated: WAV/RF64 fmt, AIFF COMM (80-bit), FLAC STREAMINFO
  std::optional<unsigned> channels;   // WAV/RF64 fmt
};

// From the file's first bytes (a WAV/RF64 fmt chunk further in is found within `head`); empty
// fields where the container is not one of these or the header is cut short.
DeclaredAudioHeader probeAudioHeader(std::span<const std::uint8_t> head);
DeclaredAudioHeader probeAudioHeader(const std::filesystem::path& path);

// Audio rates are whole hertz in libsndfile's int: 1 .. 2147483647.
constexpr double kHighestAudioRate = 2147483647.0;
bool isAudioRate(double hertz);

}  // namespace fftscope::signal
