// The signal filter's options as a user could type them: the input is split at newlines into the
// values of --notch, --gain-curve, --hum, --harmonics and --hum-width, and the rate. Whatever the
// parsers and the core's checks accept must give a finite gain of at least 0 everywhere from 0 to
// Nyquist, and a tap count within the FIR's range, in bounded time.
#include "headless/FilterOptionParsing.h"
#include "headless/SignalOptionParsing.h"
#include "signal/FilterDesign.h"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

using namespace fftscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> fields = gui::splitAt(text, '\n');
  while (fields.size() < 6) fields.emplace_back();
  const double rates[] = {8000.0, 44100.0, 48000.0, 192000.0, 2147483647.0};
  const double rate = rates[fields[5].size() % 5];

  signal::SignalFilterSpec spec;
  try {
    spec.notches.push_back(gui::parseToneNotch(fields[0]));
  } catch (const gui::UsageError&) {
  }
  try {
    spec.gainCurve = gui::parseGainCurve(fields[1]);
  } catch (const gui::UsageError&) {
  }
  try {
    const double mains = gui::parseNumber(fields[2], "--hum");
    const double harmonics = gui::parseNumber(fields[3], "--harmonics");
    const double width = fields[4].empty() ? 2.0 : gui::parseNumber(fields[4], "--hum-width");
    if (std::abs(harmonics) < 2e9)
      for (const auto& notch : signal::humNotches(mains, int(harmonics), width, rate)) spec.notches.push_back(notch);
  } catch (const std::invalid_argument&) {
  }
  try {
    signal::validateSignalFilter(spec, rate);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  if (spec.notches.size() > signal::kMostNotches) __builtin_trap();
  const std::size_t taps = signal::chooseTapCount(spec, rate);
  if (taps < 3 || taps > signal::kMostTaps || taps % 2 == 0) __builtin_trap();
  for (int i = 0; i <= 64; ++i) {
    const double gain = signal::filterGain(spec, rate / 2.0 * i / 64.0, rate);
    if (!(gain >= 0.0) || !std::isfinite(gain)) __builtin_trap();
  }
  return 0;
}
