// Runs given passes of a plan on the test device and checks the result against FFTW in long
// double: input untouched, guard cells intact, relative L2 error within `gate`. Shared by the
// tests that plan for another device's limits (grouped, register-held, fused Bluestein passes).
#pragma once

#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/HostRun.h"
#include "engine/runtime/Plan.h"

#include <gtest/gtest.h>

#include <complex>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace fftscope {

template <typename T>
void expectPassesMatchFftw(cl::DeviceContext& context, const PlanDescription& d, const std::vector<PassInfo>& passes,
                           double gate, unsigned seed) {
  Plan plan(context, d, passes);
  std::vector<std::complex<T>> input;
  if constexpr (std::is_same_v<T, float>)
    input = randomComplexF32(d.elements(), seed);
  else
    input = randomComplexF64(d.elements(), seed);
  HostRunResult<T> run = runOnHost(context, plan, input);
  EXPECT_TRUE(run.inputUntouched) << d.summary();
  EXPECT_TRUE(run.guardsIntact) << d.summary();
  const auto expected = referenceTransform(input, d.rows, d.cols, d.batch, d.dimensions == 2, d.direction);
  const ErrorMeasures e = measureError(std::span<const std::complex<T>>(run.output),
                                      std::span<const std::complex<long double>>(expected));
  EXPECT_LE(e.relL2, gate) << d.summary() << " in " << passes.size() << " launches";
}

// A description of `auto` planned for another device's limits, named for the test's output
// (e.g. "gpu_1080x1920_b1_f32_table", "rows_16384_b2_f32_table_inverse").
struct LimitsCase {
  PlanDescription d;
  DeviceLimits limits;
  std::string name;
};

// rows = 0: 1D rows of `cols` points.
inline LimitsCase limitsCase(std::size_t rows, std::size_t cols, std::size_t batch, Precision precision,
                             const DeviceLimits& limits, const char* tag, Direction direction = Direction::Forward,
                             TwiddleMode twiddle = TwiddleMode::Table) {
  PlanDescription d = rows > 0 ? PlanDescription::twoD(rows, cols, batch) : PlanDescription::oneD(cols, batch);
  d.precision = precision;
  d.direction = direction;
  d.twiddle = twiddle;
  d.variant = Variant::Auto;
  std::string name = std::string(tag) + "_" + (rows ? std::to_string(rows) + "x" : std::string()) + std::to_string(cols) +
                     "_b" + std::to_string(batch) + "_" + std::string(toString(precision)) + "_" +
                     std::string(toString(twiddle)) + (direction == Direction::Inverse ? "_inverse" : "");
  return {d, limits, name};
}

// gtest names a failing case by its name, not its bytes.
inline void PrintTo(const LimitsCase& c, std::ostream* out) { *out << c.name; }

}  // namespace fftscope
