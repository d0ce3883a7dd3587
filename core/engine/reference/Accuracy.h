// Error measures against a long double reference and the accuracy gates of DESIGN.md
// ("Accuracy gates"): u is the unit roundoff, N the points in one transform (rows·cols in 2D).
#pragma once

#include "engine/description/FftTypes.h"

#include <complex>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace fftscope {

struct ErrorMeasures {
  double relL2;    // ||x − ref||₂ / ||ref||₂
  double relLinf;  // max|x − ref| / max|ref|
};

// result and reference must have the same length (std::invalid_argument otherwise). A zero
// reference gives 0 for an equal result and infinity otherwise.
ErrorMeasures measureError(std::span<const std::complex<float>> result,
                           std::span<const std::complex<long double>> reference);
ErrorMeasures measureError(std::span<const std::complex<double>> result,
                           std::span<const std::complex<long double>> reference);
ErrorMeasures measureError(std::span<const std::complex<long double>> result,
                           std::span<const std::complex<long double>> reference);

// Table: twiddles from a host table; Transcendental: twiddles from sincos() or native_sin/cos.
enum class GateKind { Table, Transcendental };

// The gate that applies to a twiddle mode; none for recurrence, whose error is measured and shown.
std::optional<GateKind> gateKindFor(TwiddleMode mode);

double unitRoundoff(Precision precision);  // 2^-24 for f32, 2^-53 for f64
// Gates scale with √log2 N; log2 N is taken as 1 for N = 1. points = 0 throws std::invalid_argument.
double l2Gate(Precision precision, std::size_t points, GateKind kind = GateKind::Table);  // 1.5 or 5 · u·√log2 N
double linfGate(Precision precision, std::size_t points);                                 // 3 · u·√log2 N
double roundTripGate(Precision precision, std::size_t points, GateKind kind = GateKind::Table);  // 2 × l2Gate

// Uniform complex values in [−0.5, 0.5), the same for a given seed on every platform.
std::vector<std::complex<float>> randomComplexF32(std::size_t count, std::uint64_t seed);
std::vector<std::complex<double>> randomComplexF64(std::size_t count, std::uint64_t seed);

}  // namespace fftscope
