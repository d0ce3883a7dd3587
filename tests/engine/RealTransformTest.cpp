// Real-to-complex and complex-to-real transforms (RealPlan) against FFTW in long double, with the
// gates of the complex transform of the same shape: even and odd lengths, batches, 1D and 2D,
// f32 and f64; the round trip, an impulse, and the input left untouched.
#include "DeviceFixture.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/RealPlan.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>

namespace fftscope {
namespace {

using LongComplex = std::complex<long double>;

struct RealCase {
  std::size_t rows = 1, cols = 0, batch = 1;  // rows > 1 or twoD: a 2D transform
  bool twoD = false;
  Precision precision = Precision::F32;
  std::optional<DeviceLimits> limits = std::nullopt;  // planned for these limits instead of the device's
};

// A GPU's limits (GroupedPassTest's): grouped passes, 48 KiB of local memory, 1024 work-items.
const DeviceLimits kGpuLike{48 * 1024, 1024, true};

std::string caseName(const ::testing::TestParamInfo<RealCase>& info) {
  const RealCase& c = info.param;
  return (c.limits ? "gpu_like_" : "") + (c.twoD ? std::to_string(c.rows) + "x" : std::string()) +
         std::to_string(c.cols) + "_b" + std::to_string(c.batch) + "_" + std::string(toString(c.precision));
}

void PrintTo(const RealCase& c, std::ostream* out) { *out << caseName({c, 0}); }

PlanDescription describe(const RealCase& c, Direction direction) {
  PlanDescription d = c.twoD ? PlanDescription::twoD(c.rows, c.cols, c.batch) : PlanDescription::oneD(c.cols, c.batch);
  d.precision = c.precision;
  d.direction = direction;
  return d;
}

// The long double half spectrum of real rows: the complex transform, then bins 0 .. cols/2.
std::vector<LongComplex> referenceR2C(const std::vector<double>& x, const RealCase& c) {
  std::vector<std::complex<double>> widened(x.begin(), x.end());
  std::vector<LongComplex> full = referenceTransform(widened, c.twoD ? c.rows : 1, c.cols, c.batch, c.twoD, Direction::Forward);
  const std::size_t width = halfSpectrumLength(c.cols), lines = full.size() / c.cols;
  std::vector<LongComplex> half(lines * width);
  for (std::size_t line = 0; line < lines; ++line)
    for (std::size_t k = 0; k < width; ++k) half[line * width + k] = full[line * c.cols + k];
  return half;
}

// NumPy's irfft / irfft2: the columns' inverse transform (2D), then each row's Hermitian extension
// (the imaginary parts of the DC and, for even lengths, the Nyquist bin unused) and inverse.
std::vector<long double> referenceC2R(const std::vector<std::complex<double>>& half, const RealCase& c) {
  const std::size_t width = halfSpectrumLength(c.cols), rows = c.twoD ? c.rows : 1;
  std::vector<LongComplex> spectrum(half.begin(), half.end());
  if (c.twoD) {
    for (std::size_t b = 0; b < c.batch; ++b) {
      std::vector<std::complex<double>> columns(width * rows);
      for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t k = 0; k < width; ++k)
          columns[k * rows + r] = std::complex<double>(spectrum[(b * rows + r) * width + k]);
      std::vector<LongComplex> done = referenceTransform(columns, 1, rows, width, false, Direction::Inverse);
      for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t k = 0; k < width; ++k) spectrum[(b * rows + r) * width + k] = done[k * rows + r];
    }
  }
  const std::size_t lines = rows * c.batch, n = c.cols;
  std::vector<std::complex<double>> full(lines * n);
  for (std::size_t line = 0; line < lines; ++line)
    for (std::size_t k = 0; k < n; ++k) {
      LongComplex v = k < width ? spectrum[line * width + k] : std::conj(spectrum[line * width + n - k]);
      if (k == 0 || (n % 2 == 0 && k == n / 2)) v = LongComplex(v.real(), 0);
      full[line * n + k] = std::complex<double>(v);
    }
  // The extension is exact in double for these inputs, whose values are float or double.
  std::vector<LongComplex> inverse = referenceTransform(full, 1, n, lines, false, Direction::Inverse);
  std::vector<long double> x(inverse.size());
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = inverse[i].real();
  return x;
}

template <typename Out, typename In>
std::vector<Out> runReal(cl::DeviceContext& context, RealPlan& plan, const std::vector<In>& input, std::size_t outCount,
                         bool* inputUntouched) {
  cl::Buffer in = context.buffer(plan.inputBytes()), out = context.buffer(plan.outputBytes());
  context.write(in.get(), input.data(), plan.inputBytes());
  plan.enqueue(in.get(), out.get()).wait();
  std::vector<Out> output(outCount);
  std::vector<In> after(input.size());
  context.read(out.get(), output.data(), plan.outputBytes());
  context.read(in.get(), after.data(), plan.inputBytes());
  *inputUntouched = after == input;
  return output;
}

template <typename T>
std::vector<T> randomReals(std::size_t count, std::uint64_t seed) {
  std::vector<T> x(count);
  if constexpr (std::is_same_v<T, float>) {
    auto c = randomComplexF32((count + 1) / 2, seed);
    for (std::size_t i = 0; i < count; ++i) x[i] = i % 2 ? c[i / 2].imag() : c[i / 2].real();
  } else {
    auto c = randomComplexF64((count + 1) / 2, seed);
    for (std::size_t i = 0; i < count; ++i) x[i] = i % 2 ? c[i / 2].imag() : c[i / 2].real();
  }
  return x;
}

template <typename T>
void checkCase(cl::DeviceContext& context, const RealCase& c) {
  using Complex = std::complex<T>;
  const std::size_t rows = c.twoD ? c.rows : 1, points = rows * c.cols, count = points * c.batch;
  const std::size_t halfCount = rows * halfSpectrumLength(c.cols) * c.batch;
  const double l2 = l2Gate(c.precision, points), linf = linfGate(c.precision, points);

  auto plan = [&](Direction direction) {
    return c.limits ? RealPlan(context, describe(c, direction), *c.limits) : RealPlan(context, describe(c, direction));
  };
  // Forward against the long double reference.
  RealPlan forward = plan(Direction::Forward);
  const std::vector<T> x = randomReals<T>(count, 7 + c.cols);
  bool untouched = false;
  std::vector<Complex> spectrum = runReal<Complex>(context, forward, x, halfCount, &untouched);
  EXPECT_TRUE(untouched) << "R2C changed its input";
  const std::vector<LongComplex> expected = referenceR2C(std::vector<double>(x.begin(), x.end()), c);
  ErrorMeasures e = measureError(std::span<const Complex>(spectrum), expected);
  EXPECT_LE(e.relL2, l2) << "R2C";
  EXPECT_LE(e.relLinf, linf) << "R2C";

  // Inverse of an arbitrary half spectrum, against NumPy's rules.
  RealPlan inverse = plan(Direction::Inverse);
  std::vector<Complex> half(halfCount);
  {
    std::vector<T> parts = randomReals<T>(2 * halfCount, 99 + c.cols);
    for (std::size_t i = 0; i < halfCount; ++i) half[i] = Complex(parts[2 * i], parts[2 * i + 1]);
  }
  std::vector<T> back = runReal<T>(context, inverse, half, count, &untouched);
  EXPECT_TRUE(untouched) << "C2R changed its input";
  std::vector<long double> want = referenceC2R(std::vector<std::complex<double>>(half.begin(), half.end()), c);
  std::vector<Complex> got(back.begin(), back.end());
  std::vector<LongComplex> wantComplex(want.begin(), want.end());
  e = measureError(std::span<const Complex>(got), wantComplex);
  EXPECT_LE(e.relL2, l2) << "C2R";
  EXPECT_LE(e.relLinf, linf) << "C2R";

  // Round trip: C2R(R2C(x)) = x.
  std::vector<T> roundTrip = runReal<T>(context, inverse, spectrum, count, &untouched);
  std::vector<Complex> trip(roundTrip.begin(), roundTrip.end());
  std::vector<LongComplex> original(x.begin(), x.end());
  EXPECT_LE(measureError(std::span<const Complex>(trip), original).relL2, roundTripGate(c.precision, points));

  // An impulse at 0 has every bin 1.
  std::vector<T> impulse(count, T(0));
  for (std::size_t b = 0; b < c.batch; ++b) impulse[b * points] = T(1);
  std::vector<Complex> flat = runReal<Complex>(context, forward, impulse, halfCount, &untouched);
  double worst = 0;
  for (const Complex& v : flat) worst = std::max(worst, double(std::abs(v - Complex(1))));
  EXPECT_LE(worst, linf) << "impulse";
}

class RealTransform : public ::testing::TestWithParam<RealCase> {};

TEST_P(RealTransform, MatchesFftwInLongDouble) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const RealCase& c = GetParam();
  if (c.precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  if (c.precision == Precision::F32)
    checkCase<float>(*context, c);
  else
    checkCase<double>(*context, c);
}

std::vector<RealCase> oneDCases() {
  std::vector<RealCase> cases;
  for (Precision p : {Precision::F32, Precision::F64})
    for (std::size_t n : {1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 100, 1000, 1001, 4096, 4097, 48000, 65536})
      for (std::size_t batch : {1, 3, 7}) cases.push_back({1, n, batch, false, p});
  cases.push_back({1, 65537, 1, false, Precision::F32});
  cases.push_back({1, 1 << 20, 1, false, Precision::F32});
  cases.push_back({1, 1000003, 1, false, Precision::F64});
  return cases;
}

std::vector<RealCase> twoDCases() {
  std::vector<RealCase> cases;
  for (Precision p : {Precision::F32, Precision::F64}) {
    for (auto [rows, cols] : {std::pair{1000, 750}, {750, 1000}, {1, 997}, {997, 1}, {4, 5}, {5, 4}, {64, 64}, {7, 9}})
      cases.push_back({std::size_t(rows), std::size_t(cols), 1, true, p});
    for (auto [rows, cols] : {std::pair{7, 9}, {16, 10}, {9, 16}}) cases.push_back({std::size_t(rows), std::size_t(cols), 3, true, p});
  }
  cases.push_back({1080, 1920, 1, true, Precision::F32});
  return cases;
}

// 2D on a GPU's limits: the half spectra's columns are read in place by grouped passes, with no
// transpose, both ways; even and odd widths, one row and two columns, prime heights (Bluestein).
std::vector<RealCase> gpuLikeCases() {
  std::vector<RealCase> cases;
  for (Precision p : {Precision::F32, Precision::F64})
    for (auto [rows, cols] : {std::pair{64, 64}, {75, 100}, {64, 127}, {1000, 750}, {1, 6}, {7, 2}, {9, 7}, {97, 64}, {101, 9}})
      for (std::size_t batch : {1, 3}) cases.push_back({std::size_t(rows), std::size_t(cols), batch, true, p, kGpuLike});
  // Columns in two passes over a padded half spectrum, its pitch changed by the pass next to the
  // output or input.
  for (Precision p : {Precision::F32, Precision::F64}) cases.push_back({2048, 64, 3, true, p, kGpuLike});
  return cases;
}

// 1D rows on a GPU's limits: even lengths whose N/2 points one grouped pass holds untangle in that
// pass's stores (R2C) and tangle in its loads (C2R); the others (odd, or longer rows) keep their
// own kernels.
std::vector<RealCase> gpuLikeRowCases() {
  std::vector<RealCase> cases;
  for (Precision p : {Precision::F32, Precision::F64})
    for (std::size_t n : {2, 6, 64, 1000, 4096, 4097, 8192, 48000, 1 << 20})
      for (std::size_t batch : {1, 3}) cases.push_back({1, n, batch, false, p, kGpuLike});
  return cases;
}

class RealColumnsInPlace : public ::testing::TestWithParam<RealCase> {};

TEST_P(RealColumnsInPlace, NoTransposeAndMatchesFftw) {
  const RealCase& c = GetParam();
  for (Direction direction : {Direction::Forward, Direction::Inverse}) {
    const std::vector<PassInfo> passes = realStepPasses(planRealSteps(describe(c, direction), *c.limits));
    std::size_t transposes = 0, columns = 0;
    for (const PassInfo& pass : passes) {
      transposes += pass.kind == PassKind::Transpose;
      columns += pass.kind == PassKind::Grouped && pass.axis == 1;
    }
    EXPECT_EQ(transposes, 0u) << describe(c, direction).summary();
    EXPECT_EQ(columns > 0, c.rows > 1) << describe(c, direction).summary() << ": the columns in place";
  }
  FFTSCOPE_REQUIRE_DEVICE(context);
  if (c.precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  if (c.precision == Precision::F32)
    checkCase<float>(*context, c);
  else
    checkCase<double>(*context, c);
}

// The device's own limits keep the transposes on a CPU, and every non-auto variant does anywhere.
TEST(RealSteps, TransposesWhereTheComplexPlanHasThem) {
  PlanDescription d = PlanDescription::twoD(64, 64);
  auto transposes = [](const PlanDescription& d, const DeviceLimits& limits) {
    std::size_t count = 0;
    for (const PassInfo& pass : realStepPasses(planRealSteps(d, limits))) count += pass.kind == PassKind::Transpose;
    return count;
  };
  DeviceLimits cpu = kGpuLike;
  cpu.groupedPasses = false;
  EXPECT_EQ(transposes(d, cpu), 2u);
  d.variant = Variant::R16;
  EXPECT_EQ(transposes(d, kGpuLike), 2u);
  d.variant = Variant::Auto;
  d.rows = 97;  // a prime above the grouped planner's largest radix: Bluestein's columns in place
  EXPECT_EQ(transposes(d, kGpuLike), 0u);
  d.rows = 96;
  EXPECT_EQ(transposes(d, kGpuLike), 0u);
}

TEST(RealSteps, FewerEventsGiveTheSameTransform) {
  // LaunchEvents::Last and None (the host clock's loops) run every step, complex plans and real
  // kernels alike: the same output as with an event a launch, and no timings.
  FFTSCOPE_REQUIRE_DEVICE(context);
  // 2D 4096 x 256 on a GPU's limits: a column step of two passes, so each launch's event must
  // name its own pass of that step.
  for (const RealCase& c : {RealCase{4096, 256, 1, true, Precision::F32, kGpuLike}, RealCase{48, 40, 2, true, Precision::F32, kGpuLike},
                            RealCase{1, 64, 3, false}}) {
    const PlanDescription d = describe(c, Direction::Forward);
    RealPlan plan = c.limits ? RealPlan(*context, d, *c.limits) : RealPlan(*context, d);
    const std::vector<float> x = randomReals<float>(plan.realBytes() / sizeof(float), 21);
    cl::Buffer in = context->buffer(plan.inputBytes());
    context->write(in.get(), x.data(), plan.inputBytes());
    std::vector<std::vector<std::complex<float>>> outputs;
    for (LaunchEvents events : {LaunchEvents::Each, LaunchEvents::Last, LaunchEvents::None}) {
      cl::Buffer out = context->buffer(plan.outputBytes());
      const PendingRun run = plan.enqueue(in.get(), out.get(), events);
      if (events == LaunchEvents::None) {
        EXPECT_THROW(run.wait(), std::logic_error);
        context->finish();
      } else {
        run.wait();
      }
      if (events != LaunchEvents::Each) {
        EXPECT_THROW(run.timings(), std::logic_error);
        EXPECT_EQ(run.lastEvent() == nullptr, events == LaunchEvents::None);
      } else {
        const std::vector<TimingRecord> records = run.timings();
        ASSERT_EQ(records.size(), plan.passes().size()) << d.summary();
        for (std::size_t i = 0; i < records.size(); ++i)
          EXPECT_EQ(records[i].pass.label(), plan.passes()[i].label()) << d.summary() << ", launch " << i;
      }
      outputs.emplace_back(plan.outputBytes() / sizeof(std::complex<float>));
      context->read(out.get(), outputs.back().data(), plan.outputBytes());
    }
    EXPECT_EQ(outputs[0], outputs[1]) << d.summary();
    EXPECT_EQ(outputs[0], outputs[2]) << d.summary();
    const std::vector<LongComplex> expected = referenceR2C(std::vector<double>(x.begin(), x.end()), c);
    EXPECT_LE(measureError(std::span<const std::complex<float>>(outputs[0]), expected).relL2, l2Gate(c.precision, c.rows * c.cols))
        << d.summary();
  }
}

TEST(RealSteps, TanglesInTheRowPassWhereItHoldsWholeRows) {
  // Fused (un)tanglings, and r2c_untangle or c2r_tangle launches.
  auto kernels = [](const PlanDescription& d, const DeviceLimits& limits) {
    std::size_t fused = 0, apart = 0;
    for (const PassInfo& pass : realStepPasses(planRealSteps(d, limits))) {
      fused += pass.grouped.half.untangleOut + pass.grouped.half.tangleIn;
      apart += pass.elementwise.name == "r2c_untangle" || pass.elementwise.name == "c2r_tangle";
      EXPECT_FALSE(pass.grouped.half.tangleIn && d.direction == Direction::Forward) << d.summary();
      EXPECT_FALSE(pass.grouped.half.untangleOut && d.direction == Direction::Inverse) << d.summary();
    }
    return std::pair{fused, apart};
  };
  PlanDescription d = PlanDescription::twoD(4096, 4096);
  EXPECT_EQ(kernels(d, kGpuLike), (std::pair<std::size_t, std::size_t>{1, 0}));
  const std::vector<PassInfo> passes = realStepPasses(planRealSteps(d, kGpuLike));
  EXPECT_EQ(passes.size(), 3u);  // rows untangled, then the half spectrum's columns in two passes
  EXPECT_EQ(passes.front().bytesWritten, 4096u * 2049 * 8);
  DeviceLimits apart = kGpuLike;
  apart.fusedUntangle = false;
  EXPECT_EQ(kernels(d, apart), (std::pair<std::size_t, std::size_t>{0, 1}));
  d.direction = Direction::Inverse;  // C2R: the columns, then rows tangled as they are loaded
  EXPECT_EQ(kernels(d, kGpuLike), (std::pair<std::size_t, std::size_t>{1, 0}));
  EXPECT_EQ(realStepPasses(planRealSteps(d, kGpuLike)).back().bytesRead, 4096u * 2049 * 8);
  EXPECT_EQ(kernels(d, apart), (std::pair<std::size_t, std::size_t>{0, 1}));
  EXPECT_EQ(kernels(PlanDescription::oneD(1000, 3), kGpuLike), (std::pair<std::size_t, std::size_t>{1, 0}));
  // Rows of 2^20 reals: 2^19 points take two passes, so the untangling keeps its kernel.
  d = PlanDescription::oneD(1 << 20);
  EXPECT_EQ(kernels(d, kGpuLike), (std::pair<std::size_t, std::size_t>{0, 1}));
  d.direction = Direction::Inverse;
  EXPECT_EQ(kernels(d, kGpuLike), (std::pair<std::size_t, std::size_t>{0, 1}));
  // Odd lengths have nothing to (un)tangle.
  EXPECT_EQ(kernels(PlanDescription::oneD(999), kGpuLike), (std::pair<std::size_t, std::size_t>{0, 0}));
  // A CPU's OpenCL plans no grouped passes.
  DeviceLimits cpu = kGpuLike;
  cpu.groupedPasses = false;
  EXPECT_EQ(kernels(PlanDescription::oneD(1000), cpu), (std::pair<std::size_t, std::size_t>{0, 1}));
}

// 2D on a GPU's limits: between the row pass and the column passes the half spectrum's rows are
// padded to whole 128-byte runs (2049 -> 2064 values in f32, 2056 in f64); the output (R2C) and
// the input (C2R) keep N/2 + 1, and only the columns that hold data are read and written.
TEST(RealSteps, PadsTheHalfSpectrumToWholeRunsBetweenItsPasses) {
  for (Precision precision : {Precision::F32, Precision::F64}) {
    const std::size_t pitch = precision == Precision::F32 ? 2064 : 2056;
    PlanDescription d = PlanDescription::twoD(4096, 4096);
    d.precision = precision;
    std::vector<PassInfo> passes = realStepPasses(planRealSteps(d, kGpuLike));
    ASSERT_EQ(passes.size(), 3u);
    EXPECT_TRUE(passes[0].grouped.half.untangleOut);
    EXPECT_EQ(passes[0].grouped.half.destinationPitch, pitch);
    // The first column pass over the padded rows; the last over the output's own 2049 columns.
    EXPECT_EQ(passes[1].stride, pitch);
    EXPECT_EQ(passes[1].grouped.half.usedColumns, 2049u);
    EXPECT_EQ(passes[1].grouped.half.sourcePitch + passes[1].grouped.half.destinationPitch, 0u);
    EXPECT_EQ(passes[2].stride, 2049u);
    EXPECT_EQ(passes[2].rows, 2049u);
    EXPECT_EQ(passes[2].grouped.half.usedColumns, 0u);
    EXPECT_EQ(passes[2].grouped.half.sourcePitch, pitch);
    EXPECT_EQ(passes[2].grouped.half.destinationPitch, 0u);
    d.direction = Direction::Inverse;
    passes = realStepPasses(planRealSteps(d, kGpuLike));
    ASSERT_EQ(passes.size(), 3u);
    EXPECT_EQ(passes[0].stride, pitch);  // over the padded rows, reading the input's own
    EXPECT_EQ(passes[0].grouped.half.usedColumns, 2049u);
    EXPECT_EQ(passes[0].grouped.half.sourcePitch, 2049u);
    EXPECT_EQ(passes[0].grouped.half.destinationPitch, 0u);
    EXPECT_EQ(passes[1].stride, pitch);
    EXPECT_EQ(passes[1].grouped.half.usedColumns, 2049u);
    EXPECT_TRUE(passes[2].grouped.half.tangleIn);
    EXPECT_EQ(passes[2].grouped.half.sourcePitch, pitch);
  }
  // A width already of whole runs, Rader's columns (hooks read at the plain pitch), and the switch
  // off keep N/2 + 1.
  DeviceLimits unpadded = kGpuLike;
  unpadded.padHalfSpectrum = false;
  for (const auto& [d, limits] : {std::pair{PlanDescription::twoD(64, 30), kGpuLike},
                                  {PlanDescription::twoD(97, 64), kGpuLike},
                                  {PlanDescription::twoD(4096, 4096), unpadded}})
    for (const PassInfo& pass : realStepPasses(planRealSteps(d, limits)))
      EXPECT_EQ(pass.grouped.half.sourcePitch + pass.grouped.half.destinationPitch + pass.grouped.half.usedColumns, 0u) << d.summary() << ": " << pass.label();
}

INSTANTIATE_TEST_SUITE_P(GpuLike, RealColumnsInPlace, ::testing::ValuesIn(gpuLikeCases()), caseName);
INSTANTIATE_TEST_SUITE_P(GpuLikeRows, RealColumnsInPlace, ::testing::ValuesIn(gpuLikeRowCases()), caseName);
INSTANTIATE_TEST_SUITE_P(OneD, RealTransform, ::testing::ValuesIn(oneDCases()), caseName);
INSTANTIATE_TEST_SUITE_P(TwoD, RealTransform, ::testing::ValuesIn(twoDCases()), caseName);

}  // namespace
}  // namespace fftscope
