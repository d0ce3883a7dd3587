// Any bytes as a CSV or text signal through readText, with the options a user could give picked by
// the first byte (delimiter, header row, time column, columns): every input reads as a valid
// signal or is refused with std::runtime_error naming the file; never a crash or a hang.
#include "ScratchFile.h"
#include "SignalChecks.h"
#include "signal/TextReader.h"

#include <cstdint>
#include <stdexcept>
#include <string>

using namespace fftscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t pick = data[0];
  static const std::string path = fuzz::scratchPath("text", ".csv");
  if (!fuzz::writeScratch(path, data + 1, size - 1)) return 0;
  signal::TextOptions options;
  const char delimiters[] = {0, ',', ';', '\t', ' '};
  options.delimiter = delimiters[pick % 5];
  options.header = signal::HeaderRow((pick >> 3) % 3);
  options.timeColumn = (pick & 0x20) ? int(pick >> 6) : -1;
  options.sampleRate = options.timeColumn < 0 ? 48000.0 : 0.0;
  if (pick & 0x80) options.columns = {int(pick & 3)};
  try {
    fuzz::checkAccepted(signal::readText(path, options));
  } catch (const std::runtime_error&) {
  }
  return 0;
}
