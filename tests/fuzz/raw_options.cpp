// Raw samples with the options a user could give: the first 9 bytes pick the sample type, byte
// order, channel count (any int) and rate (any double, NaN and infinities too); the rest is the
// file. Options are refused with std::invalid_argument before the file is opened, the file with
// std::runtime_error; an accepted signal must validate and keep the rate asked for.
#include "ScratchFile.h"
#include "SignalChecks.h"
#include "signal/AudioReader.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

using namespace fftscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 9) return 0;
  static const signal::Encoding encodings[] = {signal::Encoding::PcmU8,  signal::Encoding::PcmS8,
                                               signal::Encoding::Pcm16,  signal::Encoding::Pcm24,
                                               signal::Encoding::Pcm32,  signal::Encoding::Float32,
                                               signal::Encoding::Float64, signal::Encoding::Vorbis};
  signal::RawOptions options;
  options.encoding = encodings[data[0] % 8];
  options.bigEndian = data[0] & 8;
  // Small counts mostly, and now and then any int.
  options.channels = (data[0] & 0x80) ? int(std::int8_t(data[1])) * 1000 : int(data[1] % 8);
  double rate;
  std::memcpy(&rate, data + 1, sizeof rate);
  options.sampleRate = (data[0] & 0x40) ? rate : double(data[2]) * 1000.0 + 1.0;
  static const std::string path = fuzz::scratchPath("raw", ".raw");
  if (!fuzz::writeScratch(path, data + 9, size - 9)) return 0;
  try {
    const signal::Signal s = signal::readRaw(path, options);
    fuzz::checkAccepted(s);
    if (s.sampleRate != options.sampleRate || s.channelCount() != std::size_t(options.channels)) __builtin_trap();
  } catch (const std::runtime_error&) {
  }
  return 0;
}
