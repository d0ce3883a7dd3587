// FFTW float/double against known transforms (impulse, complex exponential), identities (Parseval,
// 2D = rows then columns, inverse of forward) and the long double reference under DESIGN.md's gates.
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <thread>
#include <type_traits>

namespace fftscope {
namespace {

struct Shape {
  std::size_t rows, cols, batch;
  bool twoD;
  std::size_t points() const { return rows * cols; }
  std::size_t count() const { return rows * cols * batch; }
};

std::string shapeName(const Shape& s) {
  return std::string(s.twoD ? "2D_" : "1D_") + (s.twoD ? std::to_string(s.rows) + "x" : "") + std::to_string(s.cols) +
         "_b" + std::to_string(s.batch);
}

template <typename T>
constexpr Precision precisionOf() {
  return std::is_same_v<T, float> ? Precision::F32 : Precision::F64;
}

// Runs `body` with T = float for F32 and T = double for F64.
template <typename Body>
void withPrecision(Precision p, Body&& body) {
  if (p == Precision::F32) body(float{});
  else body(double{});
}

template <typename T>
std::vector<std::complex<T>> randomInput(std::size_t count, std::uint64_t seed) {
  if constexpr (std::is_same_v<T, float>) return randomComplexF32(count, seed);
  else return randomComplexF64(count, seed);
}

template <typename T>
std::vector<std::complex<T>> transformed(const std::vector<std::complex<T>>& in, const Shape& s, Direction dir) {
  std::vector<std::complex<T>> out(in.size());
  fftwTransform(in.data(), out.data(), s.rows, s.cols, s.batch, s.twoD, dir);
  return out;
}

std::vector<std::complex<long double>> widened(const auto& values) {
  return std::vector<std::complex<long double>>(values.begin(), values.end());
}

// exp(sign·2πi·m/n) with m reduced mod n first, so the angle is accurate in long double.
std::complex<long double> unitRoot(std::size_t m, std::size_t n, int sign) {
  const long double angle = sign * 2 * std::numbers::pi_v<long double> * static_cast<long double>(m % n) / n;
  return {std::cos(angle), std::sin(angle)};
}

std::size_t largestPrimeFactor(std::size_t n) {
  std::size_t largest = 1;
  for (std::size_t p = 2; p * p <= n; ++p)
    for (; n % p == 0; n /= p) largest = p;
  return std::max(largest, n);
}

struct Case {
  Shape shape;
  Precision precision;
};

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
  return shapeName(info.param.shape) + "_" + std::string(toString(info.param.precision));
}

std::vector<Case> casesFor(const std::vector<Shape>& shapes) {
  std::vector<Case> cases;
  for (const Shape& s : shapes)
    for (Precision p : {Precision::F32, Precision::F64}) cases.push_back({s, p});
  return cases;
}

const std::vector<Shape> kShapes{{1, 1, 1, false},    {1, 2, 1, false},    {1, 8, 3, false},   {1, 15, 2, false},
                                 {1, 64, 1, false},   {1, 97, 2, false},   {1, 1000, 1, false}, {1, 1024, 4, false},
                                 {1, 4096, 1, false}, {1, 65536, 1, false}, {1, 1 << 18, 1, false},
                                 {4, 8, 1, true},     {3, 5, 2, true},     {64, 64, 1, true},  {24, 40, 3, true},
                                 {256, 512, 1, true}};

class FftwCases : public ::testing::TestWithParam<Case> {};

TEST_P(FftwCases, ImpulseGivesOnesExactly) {
  const auto& [s, precision] = GetParam();
  withPrecision(precision, [&, s = s](auto zero) {
    using T = decltype(zero);
    std::vector<std::complex<T>> impulse(s.count());
    for (std::size_t b = 0; b < s.batch; ++b) impulse[b * s.points()] = 1;
    const auto forward = transformed(impulse, s, Direction::Forward);
    const auto inverse = transformed(impulse, s, Direction::Inverse);
    const T inversePoints = T(1) / static_cast<T>(s.points());
    std::size_t wrongForward = 0, wrongInverse = 0;
    for (std::size_t i = 0; i < s.count(); ++i) {
      wrongForward += forward[i] != std::complex<T>(1, 0);
      wrongInverse += inverse[i] != std::complex<T>(inversePoints, 0);
    }
    EXPECT_EQ(wrongForward, 0u);
    EXPECT_EQ(wrongInverse, 0u);
  });
}

TEST_P(FftwCases, ComplexExponentialGivesOneSpikeOfHeightN) {
  const auto& [s, precision] = GetParam();
  withPrecision(precision, [&, s = s](auto zero) {
    using T = decltype(zero);
    // Bin (kr, kc): a mixed frequency in 2D, away from 0 where the sizes allow.
    const std::size_t kr = s.rows / 2, kc = s.cols / 3 + (s.cols > 1);
    std::vector<std::complex<T>> in(s.count());
    std::vector<std::complex<long double>> ideal(s.count());
    for (std::size_t b = 0; b < s.batch; ++b) {
      for (std::size_t r = 0; r < s.rows; ++r)
        for (std::size_t c = 0; c < s.cols; ++c) {
          const auto x = unitRoot(r * kr, s.rows, +1) * unitRoot(c * kc, s.cols, +1);
          in[b * s.points() + r * s.cols + c] = {static_cast<T>(x.real()), static_cast<T>(x.imag())};
        }
      ideal[b * s.points() + kr * s.cols + (kc % s.cols)] = static_cast<long double>(s.points());
    }
    const ErrorMeasures e = measureError(transformed(in, s, Direction::Forward), ideal);
    EXPECT_LE(e.relLinf, linfGate(precision, s.points()));
    EXPECT_LE(e.relL2, l2Gate(precision, s.points()));
  });
}

TEST_P(FftwCases, ParsevalHolds) {
  const auto& [s, precision] = GetParam();
  withPrecision(precision, [&, s = s](auto zero) {
    using T = decltype(zero);
    const auto in = randomInput<T>(s.count(), 11);
    const auto out = transformed(in, s, Direction::Forward);
    long double energyIn = 0, energyOut = 0;
    for (const auto& v : in) energyIn += std::norm(std::complex<long double>(v));
    for (const auto& v : out) energyOut += std::norm(std::complex<long double>(v));
    // |X + e|² − |X|² ≈ 2·Re(X·conj(e)): at most twice the relative L2 error, first order.
    const double deviation = static_cast<double>(std::abs(energyOut / (energyIn * s.points()) - 1));
    EXPECT_LE(deviation, 2 * l2Gate(precision, s.points()));
  });
}

TEST_P(FftwCases, MatchesLongDoubleWithinGates) {
  const auto& [s, precision] = GetParam();
  withPrecision(precision, [&, s = s](auto zero) {
    using T = decltype(zero);
    const auto in = randomInput<T>(s.count(), 1234);
    for (Direction dir : {Direction::Forward, Direction::Inverse}) {
      SCOPED_TRACE(std::string(toString(dir)));
      const ErrorMeasures e =
          measureError(transformed(in, s, dir), referenceTransform(in, s.rows, s.cols, s.batch, s.twoD, dir));
      // DESIGN.md measures FFTW float at about 0.4 of the L2 gate (0.3-0.5 here, double alike):
      // hold it to well under the gate. Large prime factors go through Rader's algorithm, which
      // measures 0.7-0.9 of the gate, so those sizes are held to the gate itself.
      const bool smooth = largestPrimeFactor(s.rows) <= 13 && largestPrimeFactor(s.cols) <= 13;
      const double l2Bound = (smooth ? 0.6 : 1.0) * l2Gate(precision, s.points());
      EXPECT_LE(e.relL2, l2Bound);
      EXPECT_LE(e.relLinf, linfGate(precision, s.points()));
    }
  });
}

TEST_P(FftwCases, InverseOfForwardGivesInputBack) {
  const auto& [s, precision] = GetParam();
  withPrecision(precision, [&, s = s](auto zero) {
    using T = decltype(zero);
    const auto in = randomInput<T>(s.count(), 99);
    const auto back = transformed(transformed(in, s, Direction::Forward), s, Direction::Inverse);
    EXPECT_LE(measureError(back, widened(in)).relL2, roundTripGate(precision, s.points()));
  });
}

TEST_P(FftwCases, BatchMembersEqualSingleRows) {
  const auto& [s, precision] = GetParam();
  withPrecision(precision, [&, s = s](auto zero) {
    using T = decltype(zero);
    const auto in = randomInput<T>(s.count(), 5);
    const auto batched = transformed(in, s, Direction::Forward);
    const Shape one{s.rows, s.cols, 1, s.twoD};
    double worst = 0;
    for (std::size_t b = 0; b < s.batch; ++b) {
      const std::vector<std::complex<T>> member(in.begin() + b * s.points(), in.begin() + (b + 1) * s.points());
      const auto alone = transformed(member, one, Direction::Forward);
      const std::vector<std::complex<T>> fromBatch(batched.begin() + b * s.points(),
                                                   batched.begin() + (b + 1) * s.points());
      worst = std::max(worst, measureError(fromBatch, widened(alone)).relL2);
    }
    // FFTW may pick other codelets for a batch; the results still agree to within rounding.
    EXPECT_LE(worst, l2Gate(precision, s.points()));
  });
}

TEST_P(FftwCases, OutOfPlaceKeepsInputAndInPlaceAgrees) {
  const auto& [s, precision] = GetParam();
  withPrecision(precision, [&, s = s](auto zero) {
    using T = decltype(zero);
    const auto in = randomInput<T>(s.count(), 21);
    auto copy = in;
    const auto outOfPlace = transformed(copy, s, Direction::Forward);
    EXPECT_TRUE(copy == in) << "input changed by an out-of-place transform";
    fftwTransform(copy.data(), copy.data(), s.rows, s.cols, s.batch, s.twoD, Direction::Forward);
    EXPECT_LE(measureError(copy, widened(outOfPlace)).relL2, l2Gate(precision, s.points()));
  });
}

INSTANTIATE_TEST_SUITE_P(Shapes, FftwCases, ::testing::ValuesIn(casesFor(kShapes)), caseName);

// A direct O(n²) DFT in long double of n values `stride` apart: the definition, to check against.
std::vector<std::complex<long double>> directDft(const std::complex<long double>* x, std::size_t n, std::size_t stride,
                                                 Direction dir) {
  const int sign = dir == Direction::Forward ? -1 : +1;
  std::vector<std::complex<long double>> out(n);
  for (std::size_t k = 0; k < n; ++k) {
    for (std::size_t j = 0; j < n; ++j) out[k] += x[j * stride] * unitRoot(j * k, n, sign);
    if (dir == Direction::Inverse) out[k] /= static_cast<long double>(n);
  }
  return out;
}

// 2D must equal 1D transforms of every row, then of every column.
class FftwSeparability : public ::testing::TestWithParam<Shape> {};

TEST_P(FftwSeparability, TwoDimensionalIsRowsThenColumns) {
  const Shape s = GetParam();
  const Shape twoD{s.rows, s.cols, 1, true};
  const auto in = randomComplexF64(s.points(), 77);
  auto byHand = widened(in);
  for (std::size_t r = 0; r < s.rows; ++r) {
    const auto row = directDft(&byHand[r * s.cols], s.cols, 1, Direction::Forward);
    std::copy(row.begin(), row.end(), byHand.begin() + r * s.cols);
  }
  for (std::size_t c = 0; c < s.cols; ++c) {
    const auto column = directDft(&byHand[c], s.rows, s.cols, Direction::Forward);
    for (std::size_t r = 0; r < s.rows; ++r) byHand[r * s.cols + c] = column[r];
  }
  EXPECT_LE(measureError(referenceTransform(in, s.rows, s.cols, 1, true, Direction::Forward), byHand).relL2, 1e-17);
  EXPECT_LE(measureError(transformed(in, twoD, Direction::Forward), byHand).relL2, l2Gate(Precision::F64, s.points()));

  // The same composition with FFTW float's 1D transforms and a transpose in between.
  const auto in32 = randomComplexF32(s.points(), 77);
  const auto transpose = [](const std::vector<std::complex<float>>& x, std::size_t rows, std::size_t cols) {
    std::vector<std::complex<float>> t(x.size());
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t c = 0; c < cols; ++c) t[c * rows + r] = x[r * cols + c];
    return t;
  };
  const auto rows32 = transformed(in32, {1, s.cols, s.rows, false}, Direction::Forward);
  const auto cols32 = transformed(transpose(rows32, s.rows, s.cols), {1, s.rows, s.cols, false}, Direction::Forward);
  // Both are f32 approximations of the same transform, each within the gate of the exact one.
  EXPECT_LE(measureError(transformed(in32, twoD, Direction::Forward), widened(transpose(cols32, s.cols, s.rows))).relL2,
            2 * l2Gate(Precision::F32, s.points()));
}

INSTANTIATE_TEST_SUITE_P(Shapes, FftwSeparability,
                         ::testing::Values(Shape{4, 8, 1, true}, Shape{3, 5, 1, true}, Shape{16, 16, 1, true},
                                           Shape{32, 7, 1, true}, Shape{128, 256, 1, true}),
                         [](const auto& info) { return shapeName(info.param); });

// The reference must really be long double: against the direct DFT its error is far below what a
// double FFT could reach (about 1e-16 relative).
class FftwReferencePrecision : public ::testing::TestWithParam<std::size_t> {};

TEST_P(FftwReferencePrecision, MatchesDirectDftFarBelowDoubleRounding) {
  const std::size_t n = GetParam();
  const auto in = randomComplexF64(n, 3);
  const auto x = widened(in);
  for (Direction dir : {Direction::Forward, Direction::Inverse}) {
    SCOPED_TRACE(std::string(toString(dir)));
    EXPECT_LE(measureError(referenceTransform(in, 1, n, 1, false, dir), directDft(x.data(), n, 1, dir)).relL2, 1e-17);
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, FftwReferencePrecision, ::testing::Values(8u, 60u, 97u, 256u, 1024u));

TEST(FftwTransform, MisalignedBuffersUseTheirOwnPlan) {
  // Same shape, first from aligned storage, then from storage shifted by one complex value:
  // the cached aligned plan must not be reused for the shifted buffers.
  const std::size_t n = 256;
  const auto in = randomComplexF32(n + 1, 8);
  std::vector<std::complex<float>> aligned(in.begin(), in.begin() + n), outAligned(n), outShifted(n + 1);
  fftwTransform(aligned.data(), outAligned.data(), 1, n, 1, false, Direction::Forward);
  std::vector<std::complex<float>> shifted(n + 1);
  std::copy(aligned.begin(), aligned.end(), shifted.begin() + 1);
  fftwTransform(shifted.data() + 1, outShifted.data() + 1, 1, n, 1, false, Direction::Forward);
  const std::vector<std::complex<float>> fromShifted(outShifted.begin() + 1, outShifted.end());
  EXPECT_LE(measureError(fromShifted, widened(outAligned)).relL2, l2Gate(Precision::F32, n));
  EXPECT_EQ(outShifted[0], std::complex<float>(0, 0)) << "wrote before the output";
}

TEST(FftwTransform, ConcurrentCallsGiveTheSameResults) {
  const std::vector<Shape> shapes{{1, 128, 2, false}, {1, 1000, 1, false}, {16, 32, 1, true}, {1, 4096, 1, false}};
  std::vector<std::vector<std::complex<double>>> inputs, expected, results(shapes.size() * 4);
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    inputs.push_back(randomComplexF64(shapes[i].count(), i));
    expected.push_back(transformed(inputs[i], shapes[i], Direction::Forward));
  }
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < results.size(); ++t)
    threads.emplace_back([&, t] {
      const std::size_t i = t % shapes.size();
      for (int repeat = 0; repeat < 20; ++repeat) results[t] = transformed(inputs[i], shapes[i], Direction::Forward);
    });
  for (auto& thread : threads) thread.join();
  for (std::size_t t = 0; t < results.size(); ++t)
    EXPECT_LE(measureError(results[t], widened(expected[t % shapes.size()])).relL2,
              l2Gate(Precision::F64, shapes[t % shapes.size()].points()));
}

TEST(FftwTransform, BadArgumentsAreRefusedBeforeWork) {
  std::vector<std::complex<double>> buffer(64);
  const auto* in = buffer.data();
  auto* out = buffer.data();
  EXPECT_THROW(fftwTransform(in, out, 2, 8, 1, false, Direction::Forward), std::invalid_argument);
  EXPECT_THROW(fftwTransform(in, out, 1, 0, 1, false, Direction::Forward), std::invalid_argument);
  EXPECT_THROW(fftwTransform(in, out, 1, 8, 0, false, Direction::Forward), std::invalid_argument);
  EXPECT_THROW(fftwTransform(in, out + 1, 1, 8, 1, false, Direction::Forward), std::invalid_argument);
  EXPECT_THROW(fftwTransform(in, static_cast<std::complex<double>*>(nullptr), 1, 8, 1, false, Direction::Forward),
               std::invalid_argument);
  EXPECT_THROW(referenceTransform(buffer, 4, 4, 2, true, Direction::Forward), std::invalid_argument);
  EXPECT_NO_THROW(referenceTransform(buffer, 4, 4, 4, true, Direction::Forward));
}

}  // namespace
}  // namespace fftscope
