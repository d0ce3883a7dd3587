// Error measures on perturbations whose errors are worked out by hand, the gate formulas of
// DESIGN.md at chosen sizes, and the random input's range and determinism.
#include "engine/reference/Accuracy.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <cstdint>
#include <string>

namespace fftscope {
namespace {

using CLD = std::complex<long double>;

// Perturbations are powers of two on small integers so float and double hold them exactly.
struct PerturbationCase {
  const char* name;
  std::vector<CLD> reference;
  std::vector<CLD> result;
  double relL2;
  double relLinf;
};

const double kInf = std::numeric_limits<double>::infinity();
const long double e10 = std::ldexp(1.0L, -10), e20 = std::ldexp(1.0L, -20);

const std::vector<PerturbationCase> kPerturbations{
    {"identical", {{3, 4}, {0, 1}}, {{3, 4}, {0, 1}}, 0, 0},
    // |ref|² = 25 + 0 + 1, max|ref| = 5; errors 2^-10 and 2·2^-10 in two of three bins.
    {"twoBins",
     {{3, 4}, {0, 0}, {0, 1}},
     {{3 + e10, 4}, {0, 0}, {0, 1 - 2 * e10}},
     std::sqrt(5.0) * std::ldexp(1.0, -10) / std::sqrt(26.0),
     2 * std::ldexp(1.0, -10) / 5},
    // x = (1 + ε)·ref: both measures are exactly ε.
    {"scaled", {{1, 2}, {-4, 0}, {0.5, -0.25}}, {{1 + e20, 2 + 2 * e20}, {-4 - 4 * e20, 0}, {0.5 + e20 / 2, -0.25 - e20 / 4}},
     std::ldexp(1.0, -20), std::ldexp(1.0, -20)},
    // A 90° turn of one unit value: the error is √2 of a norm-1 reference.
    {"rotated", {{1, 0}}, {{0, 1}}, std::sqrt(2.0), std::sqrt(2.0)},
    // The largest error need not sit at the largest value: L∞ is max error over max value.
    {"errorInSmallBin", {{8, 0}, {1, 0}}, {{8, 0}, {1, 0.5}}, 0.5 / std::sqrt(65.0), 0.5 / 8},
    {"zeroReferenceZeroResult", {{0, 0}, {0, 0}}, {{0, 0}, {0, 0}}, 0, 0},
    {"zeroReferenceNonzeroResult", {{0, 0}, {0, 0}}, {{0, 0}, {1, 0}}, kInf, kInf},
};

template <typename T>
std::vector<std::complex<T>> narrowed(const std::vector<CLD>& values) {
  std::vector<std::complex<T>> out;
  for (const CLD& v : values) out.emplace_back(static_cast<T>(v.real()), static_cast<T>(v.imag()));
  return out;
}

class KnownPerturbations : public ::testing::TestWithParam<PerturbationCase> {};

TEST_P(KnownPerturbations, MeasuresEqualHandComputedValues) {
  const PerturbationCase& c = GetParam();
  const auto check = [&](ErrorMeasures e, const char* type) {
    SCOPED_TRACE(type);
    if (std::isinf(c.relL2)) {
      EXPECT_EQ(e.relL2, kInf);
      EXPECT_EQ(e.relLinf, kInf);
      return;
    }
    EXPECT_NEAR(e.relL2, c.relL2, 1e-15 * c.relL2);
    EXPECT_NEAR(e.relLinf, c.relLinf, 1e-15 * c.relLinf);
  };
  check(measureError(narrowed<float>(c.result), c.reference), "float");
  check(measureError(narrowed<double>(c.result), c.reference), "double");
  check(measureError(c.result, c.reference), "long double");
}

INSTANTIATE_TEST_SUITE_P(Cases, KnownPerturbations, ::testing::ValuesIn(kPerturbations),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(MeasureError, FloatResultOfADoubleReferenceShowsFloatRounding) {
  // Rounding random doubles to float: each component's relative error is at most u = 2^-24.
  const auto values = randomComplexF64(10000, 4);
  const std::vector<CLD> reference(values.begin(), values.end());
  const auto e = measureError(narrowed<float>(reference), reference);
  EXPECT_GT(e.relL2, 0.1 * unitRoundoff(Precision::F32));
  EXPECT_LE(e.relL2, unitRoundoff(Precision::F32));
  EXPECT_LE(e.relLinf, unitRoundoff(Precision::F32) * std::sqrt(2.0));
}

TEST(MeasureError, LengthsMustMatch) {
  const std::vector<std::complex<float>> three(3);
  const std::vector<CLD> two(2);
  EXPECT_THROW(measureError(three, two), std::invalid_argument);
}

struct GateCase {
  Precision precision;
  std::size_t points;
  double log2Points;  // as the gate takes it (1 for N = 1)
};

class Gates : public ::testing::TestWithParam<GateCase> {};

TEST_P(Gates, FollowDesignFormulas) {
  const auto& [p, n, log2n] = GetParam();
  const double u = p == Precision::F32 ? 5.9604644775390625e-08 : 1.1102230246251565404e-16;
  const double root = std::sqrt(log2n);
  const auto near = [](double value, double expected) { EXPECT_NEAR(value, expected, 1e-14 * expected); };
  near(l2Gate(p, n), 1.5 * u * root);
  near(l2Gate(p, n, GateKind::Table), 1.5 * u * root);
  near(l2Gate(p, n, GateKind::Transcendental), 5 * u * root);
  near(linfGate(p, n), 3 * u * root);
  near(roundTripGate(p, n), 3 * u * root);
  near(roundTripGate(p, n, GateKind::Transcendental), 10 * u * root);
}

INSTANTIATE_TEST_SUITE_P(Sizes, Gates,
                         ::testing::Values(GateCase{Precision::F32, 1, 1}, GateCase{Precision::F64, 1, 1},
                                           GateCase{Precision::F32, 2, 1}, GateCase{Precision::F32, 1024, 10},
                                           GateCase{Precision::F64, 65536, 16},
                                           GateCase{Precision::F32, 1000, 9.965784284662087},
                                           GateCase{Precision::F32, 4096 * 4096, 24},
                                           GateCase{Precision::F64, 8192 * 8192, 26}));

TEST(Gates, UnitRoundoffIsExact) {
  EXPECT_EQ(unitRoundoff(Precision::F32), std::ldexp(1.0, -24));
  EXPECT_EQ(unitRoundoff(Precision::F64), std::ldexp(1.0, -53));
  EXPECT_EQ(unitRoundoff(Precision::F32), static_cast<double>(std::numeric_limits<float>::epsilon()) / 2);
  EXPECT_EQ(unitRoundoff(Precision::F64), std::numeric_limits<double>::epsilon() / 2);
}

TEST(Gates, ZeroPointsIsRefused) {
  EXPECT_THROW(l2Gate(Precision::F32, 0), std::invalid_argument);
  EXPECT_THROW(linfGate(Precision::F64, 0), std::invalid_argument);
}

TEST(Gates, KindForEachTwiddleMode) {
  EXPECT_EQ(gateKindFor(TwiddleMode::Table), GateKind::Table);
  EXPECT_EQ(gateKindFor(TwiddleMode::Sincos), GateKind::Transcendental);
  EXPECT_EQ(gateKindFor(TwiddleMode::Native), GateKind::Transcendental);
  EXPECT_EQ(gateKindFor(TwiddleMode::Recurrence), std::nullopt);
}

template <typename T>
void checkRandomInput(const std::vector<std::complex<T>>& values, int bits) {
  long double sum = 0, squares = 0;
  T lo = 1, hi = -1;
  std::size_t offGrid = 0;
  for (const auto& v : values)
    for (T x : {v.real(), v.imag()}) {
      sum += x;
      squares += static_cast<long double>(x) * x;
      lo = std::min(lo, x);
      hi = std::max(hi, x);
      // Every value is k·2^-bits − 0.5 for an integer k.
      const T k = std::ldexp(x + T(0.5), bits);
      offGrid += k != std::floor(k);
    }
  const double n = 2.0 * values.size();
  EXPECT_GE(lo, T(-0.5));
  EXPECT_LT(hi, T(0.5));
  EXPECT_LT(lo, T(-0.499));
  EXPECT_GT(hi, T(0.499));
  EXPECT_EQ(offGrid, 0u);
  // Uniform on [−0.5, 0.5): mean 0 and variance 1/12; bounds are about five standard errors.
  EXPECT_NEAR(static_cast<double>(sum / n), 0.0, 5 * std::sqrt(1.0 / 12 / n));
  EXPECT_NEAR(static_cast<double>(squares / n), 1.0 / 12, 5 * std::sqrt(1.0 / 180 / n));
}

TEST(RandomInput, UniformInHalfOpenRangeOnTheGrid) {
  checkRandomInput(randomComplexF32(200000, 1), 24);
  checkRandomInput(randomComplexF64(200000, 1), 53);
}

TEST(RandomInput, DeterministicPerSeed) {
  EXPECT_EQ(randomComplexF32(1000, 42), randomComplexF32(1000, 42));
  EXPECT_EQ(randomComplexF64(1000, 42), randomComplexF64(1000, 42));
  EXPECT_NE(randomComplexF64(1000, 42), randomComplexF64(1000, 43));
  // A shorter request is a prefix of a longer one.
  const auto longer = randomComplexF64(100, 9);
  const auto shorter = randomComplexF64(10, 9);
  EXPECT_TRUE(std::equal(shorter.begin(), shorter.end(), longer.begin()));
  // Pinned first values: std::mt19937_64 is specified exactly (its first output for seed 42 is
  // 13930160852258120406), and so is the mapping of its top bits to [−0.5, 0.5).
  const std::uint64_t first = 13930160852258120406ull;
  EXPECT_EQ(randomComplexF64(1, 42)[0].real(), std::ldexp(static_cast<double>(first >> 11), -53) - 0.5);
  EXPECT_EQ(randomComplexF32(1, 42)[0].real(), static_cast<float>(std::ldexp(static_cast<double>(first >> 40), -24) - 0.5));
  EXPECT_NEAR(randomComplexF64(1, 42)[0].real(), 0.25515553295453897, 1e-16);
}

}  // namespace
}  // namespace fftscope
