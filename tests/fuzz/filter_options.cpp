// The numbers and names of `fftscope filter` options, as a user could type them: the input is
// split at newlines into the values of --lowpass/--bandpass TYPE, --cutoff, --order and --notch.
// Whatever the parsers accept must build a mask of finite values in [0, 1], in bounded time.
#include "headless/FilterOptionParsing.h"
#include "imaging/Mask.h"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

using namespace fftscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    fields.push_back(text.substr(start, end - start));
  fields.push_back(text.substr(start));
  while (fields.size() < 5) fields.emplace_back();

  imaging::FilterSpec spec;
  try {
    const int order = gui::parseOrder(fields[3]);
    const imaging::FilterKind kind = fields[0].size() % 2 ? imaging::FilterKind::BandPass : imaging::FilterKind::LowPass;
    spec.base = gui::parseBaseFilter(kind, fields[1], fields[2], order);
  } catch (const gui::UsageError&) {
  }
  try {
    spec.notches.push_back(gui::parseNotch(fields[4]));
  } catch (const gui::UsageError&) {
  }
  // A size from the first field's length: odd and even, square and not.
  const int rows = 1 + int(fields[0].size() % 33), cols = 1 + int(size % 31);
  const imaging::Mask mask = imaging::buildMask(rows, cols, spec);
  for (const float value : mask.values)
    if (!(value >= 0.0f && value <= 1.0f)) __builtin_trap();
  return 0;
}
