// Any size against FFTW in long double with the gates of DESIGN.md and every check of
// verifyCase: products of 2, 3, 5, 7, 11 and 13, primes through Bluestein, 2D shapes of any
// rows x cols (every length 1 .. 2048 is in EveryLengthTest.cpp).
#include "DeviceFixture.h"
#include "engine/planning/StagePlanner.h"
#include "engine/runtime/Plan.h"
#include "engine/verify/Verify.h"

#include <gtest/gtest.h>

namespace fftscope {
namespace {

std::string nameOf(const PlanDescription& d) {
  std::string name = std::string(toString(d.variant)) + "_" + std::string(toString(d.twiddle)) + "_";
  if (d.dimensions == 2) name += std::string(toString(d.transpose)) + "_" + std::to_string(d.rows) + "x";
  return name + std::to_string(d.cols) + "_b" + std::to_string(d.batch) + "_" + std::string(toString(d.precision));
}

std::string caseName(const ::testing::TestParamInfo<PlanDescription>& info) { return nameOf(info.param); }

void expectVerified(const PlanDescription& d) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  if (d.precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  VerifyRow r = verifyCase(*context, d);
  EXPECT_LE(r.relL2, r.l2Gate) << d.summary() << " passes: " << r.passes;
  EXPECT_LE(r.relLinf, r.linfGate) << d.summary();
  EXPECT_LE(r.roundTrip, r.roundTripGate) << d.summary();
  if (r.impulseExactExpected)
    EXPECT_TRUE(r.impulseExact) << d.summary();
  else
    EXPECT_LE(r.impulseError, r.linfGate) << d.summary();
  EXPECT_TRUE(r.inputUntouched) << d.summary();
  EXPECT_TRUE(r.guardsIntact) << d.summary();
  EXPECT_TRUE(r.batchConsistent) << d.summary();
  EXPECT_TRUE(r.passed()) << r.failures;
  // The error as a fraction of its gate, for the record (grep "gate fraction").
  std::printf("gate fraction %-40s L2 %.3f Linf %.3f\n", nameOf(d).c_str(), r.relL2 / r.l2Gate, r.relLinf / r.linfGate);
}

PlanDescription oneD(std::size_t n, std::size_t batch = 1, Precision precision = Precision::F32) {
  PlanDescription d = PlanDescription::oneD(n, batch);
  d.precision = precision;
  return d;
}

// 2^a 3^b 5^c 7^d 11^e 13^f up to 10^6, and a few with a prime factor a direct pass takes.
const std::size_t kProducts[] = {6,     9,      12,     15,     45,     77,     91,     143,    169,    210,
                                 360,   1001,   2310,   3000,   12288,  15015,  30030,  44100,  48000,  100000,
                                 510510, 746496, 1000000, 17 * 64, 31 * 27, 29 * 1024};

std::vector<PlanDescription> products() {
  std::vector<PlanDescription> cases;
  for (std::size_t n : kProducts) {
    cases.push_back(oneD(n));
    if (n <= 100000) cases.push_back(oneD(n, 3, Precision::F64));
  }
  for (std::size_t n : {60, 1000, 3000}) cases.push_back(oneD(n, 7));
  // Every variant and twiddle mode on mixed sizes.
  for (Variant v : allVariants())
    for (TwiddleMode t : allTwiddleModes())
      for (std::size_t n : {240, 4620}) {
        PlanDescription d = oneD(n, 3);
        d.variant = v;
        d.twiddle = t;
        cases.push_back(d);
      }
  return cases;
}

std::vector<PlanDescription> primes() {
  std::vector<PlanDescription> cases;
  for (std::size_t n : {37, 97, 2053, 4099, 65537}) cases.push_back(oneD(n));
  for (std::size_t n : {97, 2053}) {
    cases.push_back(oneD(n, 3, Precision::F64));
    cases.push_back(oneD(n, 7));
  }
  for (TwiddleMode t : {TwiddleMode::Sincos, TwiddleMode::Native}) {
    PlanDescription d = oneD(4099, 3);
    d.twiddle = t;
    cases.push_back(d);
  }
  cases.push_back(oneD(1000003));
  return cases;
}

std::vector<PlanDescription> shapes() {
  std::vector<PlanDescription> cases;
  auto add = [&](std::size_t rows, std::size_t cols, std::size_t batch, Precision precision, TransposeMode t) {
    PlanDescription d = PlanDescription::twoD(rows, cols, batch);
    d.precision = precision;
    d.transpose = t;
    cases.push_back(d);
  };
  for (TransposeMode t : allTransposeModes()) {
    add(1000, 750, 1, Precision::F32, t);
    add(1, 997, 1, Precision::F32, t);
    add(997, 1, 1, Precision::F32, t);
    add(37, 60, 1, Precision::F32, t);
  }
  add(1920, 1080, 1, Precision::F32, TransposeMode::Tiled);
  add(1080, 1920, 1, Precision::F64, TransposeMode::Padded);
  add(100, 37, 3, Precision::F32, TransposeMode::Tiled);
  add(45, 2053, 7, Precision::F32, TransposeMode::Naive);
  add(30, 30, 3, Precision::F64, TransposeMode::Tiled);
  return cases;
}

class Products : public ::testing::TestWithParam<PlanDescription> {};
TEST_P(Products, MatchesFftwWithinGates) { expectVerified(GetParam()); }
INSTANTIATE_TEST_SUITE_P(AnySize, Products, ::testing::ValuesIn(products()), caseName);

class Primes : public ::testing::TestWithParam<PlanDescription> {};
TEST_P(Primes, MatchesFftwWithinGates) { expectVerified(GetParam()); }
INSTANTIATE_TEST_SUITE_P(AnySize, Primes, ::testing::ValuesIn(primes()), caseName);

class AnyShape : public ::testing::TestWithParam<PlanDescription> {};
TEST_P(AnyShape, MatchesFftwWithinGates) { expectVerified(GetParam()); }
INSTANTIATE_TEST_SUITE_P(AnySize, AnyShape, ::testing::ValuesIn(shapes()), caseName);

}  // namespace
}  // namespace fftscope
