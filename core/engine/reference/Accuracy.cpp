#include "engine/reference/Accuracy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

namespace fftscope {
namespace {

// Sums and maxima in long double, so the measure adds nothing visible to an f64 error.
template <typename T>
ErrorMeasures measure(std::span<const std::complex<T>> result, std::span<const std::complex<long double>> reference) {
  if (result.size() != reference.size())
    throw std::invalid_argument("measureError: result has " + std::to_string(result.size()) +
                                " values, reference has " + std::to_string(reference.size()));
  long double diffSquares = 0, refSquares = 0, diffMax = 0, refMax = 0;
  for (std::size_t i = 0; i < result.size(); ++i) {
    const std::complex<long double> x(result[i].real(), result[i].imag());
    const long double diff = std::abs(x - reference[i]);
    const long double ref = std::abs(reference[i]);
    diffSquares += diff * diff;
    refSquares += ref * ref;
    diffMax = std::max(diffMax, diff);
    refMax = std::max(refMax, ref);
  }
  const auto ratio = [](long double num, long double den) {
    if (den == 0) return num == 0 ? 0.0 : std::numeric_limits<double>::infinity();
    return static_cast<double>(num / den);
  };
  return {ratio(std::sqrt(diffSquares), std::sqrt(refSquares)), ratio(diffMax, refMax)};
}

double sqrtLog2(std::size_t points) {
  if (points == 0) throw std::invalid_argument("accuracy gate: a transform has at least 1 point");
  return std::sqrt(std::max(1.0, std::log2(static_cast<double>(points))));
}

// The top bits of one 64-bit draw make an exact dyadic value k·2^-bits − 0.5 in [−0.5, 0.5), so
// the sequence does not depend on the standard library's distributions.
template <typename T, int bits>
std::vector<std::complex<T>> randomComplex(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  const auto draw = [&] { return static_cast<T>(std::ldexp(static_cast<double>(engine() >> (64 - bits)), -bits) - 0.5); };
  std::vector<std::complex<T>> values(count);
  for (auto& v : values) {
    const T re = draw();
    v = {re, draw()};
  }
  return values;
}

}  // namespace

ErrorMeasures measureError(std::span<const std::complex<float>> result,
                           std::span<const std::complex<long double>> reference) {
  return measure(result, reference);
}

ErrorMeasures measureError(std::span<const std::complex<double>> result,
                           std::span<const std::complex<long double>> reference) {
  return measure(result, reference);
}

ErrorMeasures measureError(std::span<const std::complex<long double>> result,
                           std::span<const std::complex<long double>> reference) {
  return measure(result, reference);
}

std::optional<GateKind> gateKindFor(TwiddleMode mode) {
  switch (mode) {
    case TwiddleMode::Table: return GateKind::Table;
    case TwiddleMode::Sincos:
    case TwiddleMode::Native: return GateKind::Transcendental;
    case TwiddleMode::Recurrence: return std::nullopt;
  }
  return std::nullopt;
}

double unitRoundoff(Precision precision) { return std::ldexp(1.0, precision == Precision::F32 ? -24 : -53); }

double l2Gate(Precision precision, std::size_t points, GateKind kind) {
  return (kind == GateKind::Table ? 1.5 : 5.0) * unitRoundoff(precision) * sqrtLog2(points);
}

double linfGate(Precision precision, std::size_t points) { return 3.0 * unitRoundoff(precision) * sqrtLog2(points); }

double roundTripGate(Precision precision, std::size_t points, GateKind kind) {
  return 2.0 * l2Gate(precision, points, kind);
}

std::vector<std::complex<float>> randomComplexF32(std::size_t count, std::uint64_t seed) {
  return randomComplex<float, 24>(count, seed);
}

std::vector<std::complex<double>> randomComplexF64(std::size_t count, std::uint64_t seed) {
  return randomComplex<double, 53>(count, seed);
}

}  // namespace fftscope
