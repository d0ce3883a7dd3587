// Plan descriptions of any field values through validate() and planPasses(): either refused with
// std::invalid_argument or planned into passes that stay inside the buffers they name.
#include "engine/description/PlanDescription.h"
#include "engine/planning/PassPlan.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>

using namespace fftscope;

namespace {

struct Input {
  const std::uint8_t* data;
  std::size_t size;
  std::uint64_t take(int bytes) {
    std::uint64_t value = 0;
    for (int i = 0; i < bytes && size > 0; ++i, ++data, --size) value |= std::uint64_t(*data) << (8 * i);
    return value;
  }
};

template <typename E, std::size_t N>
E pick(Input& in, const E (&choices)[N]) {
  return choices[in.take(1) % N];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in{data, size};
  PlanDescription d;
  d.dimensions = int(in.take(1) % 4);  // 0 and 3 must be refused
  // Sizes as a shift or raw: powers of two up to 2^63 and arbitrary values both reach the checks.
  const auto length = [&] {
    const std::uint64_t raw = in.take(8);
    return std::size_t(raw & 1 ? std::uint64_t(1) << ((raw >> 1) % 64) : raw >> 1);
  };
  d.rows = length();
  d.cols = length();
  d.batch = length();
  d.direction = pick(in, {Direction::Forward, Direction::Inverse});
  d.precision = pick(in, {Precision::F32, Precision::F64});
  d.variant = pick(in, {Variant::R2, Variant::R4, Variant::R8, Variant::R16, Variant::Local, Variant::Auto});
  d.twiddle = pick(in, {TwiddleMode::Table, TwiddleMode::Sincos, TwiddleMode::Native, TwiddleMode::Recurrence});
  d.transpose = pick(in, {TransposeMode::Naive, TransposeMode::Tiled, TransposeMode::Padded, TransposeMode::None});
  DeviceLimits limits;
  limits.localMemBytes = in.take(4);
  limits.maxWorkGroupSize = std::size_t(in.take(2));
  try {
    validate(d);
    const std::vector<PassInfo> passes = planPasses(d, limits);
    if (passes.empty()) __builtin_trap();
    for (const PassInfo& pass : passes)
      for (std::size_t i = 0; i < 3; ++i)
        if (pass.local[i] == 0 || pass.global[i] % pass.local[i] != 0) __builtin_trap();
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
