// Any bytes as an audio file (WAV, RF64, AIFF, FLAC, Ogg/Vorbis, by the first byte's choice of
// extension; libsndfile recognises the container from the content) through readAudio, and the
// header probe on the same bytes: every input reads as a valid signal or is refused with
// std::runtime_error; a signal accepted must validate. The memory budget is lowered so that a
// header declaring more than the budget is refused instead of read.
#include "ScratchFile.h"
#include "SignalChecks.h"
#include "settings/ProcessSettings.h"
#include "signal/AudioHeaderProbe.h"
#include "signal/AudioReader.h"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

using namespace fftscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool limited = [] {
    Settings settings;
    settings.set("FFTSCOPE_MEMORY_LIMIT", std::to_string(256u << 20));
    installSettings(settings);
    return true;
  }();
  (void)limited;
  static const char* const extensions[] = {".wav", ".rf64", ".aiff", ".flac", ".ogg"};
  const signal::DeclaredAudioHeader header = signal::probeAudioHeader(std::span(data, size));
  if (header.sampleRate && std::isnan(*header.sampleRate) && signal::isAudioRate(*header.sampleRate))
    __builtin_trap();  // NaN is no audio rate
  const std::string path = fuzz::scratchPath("audio", extensions[size ? data[size - 1] % 5 : 0]);
  if (!fuzz::writeScratch(path, data, size)) return 0;
  try {
    fuzz::checkAccepted(signal::readAudio(path));
  } catch (const std::runtime_error&) {
  }
  return 0;
}
