// The planner's wisdom file, from any bytes: either usable, with entries in range that write and
// read back as usable with the same keys, or refused with a warning naming the problem.
#include "engine/planning/Wisdom.h"

#include <cstdint>
#include <string>

using namespace fftscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Wisdom w = Wisdom::parse("fuzz.json", std::string(reinterpret_cast<const char*>(data), size));
  if (!w.usable()) {
    if (w.warning().find("fuzz.json") == std::string::npos) __builtin_trap();
    return 0;
  }
  for (const WisdomEntry& e : w.entries())
    if (e.key.dimensions < 1 || e.key.dimensions > 2 || e.key.rows < 1 || e.key.cols < 1 || e.key.batch < 1 ||
        !(e.milliseconds >= 0))
      __builtin_trap();
  const Wisdom back = Wisdom::parse("fuzz.json", w.toJson());
  if (!back.usable() || back.entries().size() != w.entries().size()) __builtin_trap();
  for (std::size_t i = 0; i < w.entries().size(); ++i)
    if (!(back.entries()[i].key == w.entries()[i].key)) __builtin_trap();
  return 0;
}
