#include "engine/verify/Verify.h"

#include "engine/planning/StagePlanner.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/HostRun.h"
#include "engine/runtime/Plan.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>

namespace fftscope {
namespace {

std::vector<std::size_t> twoDSides(int maxLog2) {
  std::vector<std::size_t> sides;
  for (int a = 1; a <= maxLog2; ++a) sides.push_back(std::size_t{1} << a);
  return sides;
}

template <typename T>
std::vector<std::complex<T>> randomInput(std::size_t count, std::uint64_t seed) {
  if constexpr (std::is_same_v<T, float>)
    return randomComplexF32(count, seed);
  else
    return randomComplexF64(count, seed);
}

template <typename T>
VerifyRow verifyTyped(cl::DeviceContext& context, const PlanDescription& d, const PassChooser& choose) {
  auto bake = [&](const PlanDescription& description) {
    return choose && description.variant == Variant::Auto ? Plan(context, description, choose(description))
                                                          : Plan(context, description);
  };
  VerifyRow row;
  row.description = d;
  const Gates gates = gatesFor(d);
  row.l2Gate = gates.l2;
  row.linfGate = gates.linf;
  row.roundTripGate = 2 * gates.l2;
  auto fail = [&row](const std::string& what) { row.failures += (row.failures.empty() ? "" : ", ") + what; };
  const bool twoD = d.dimensions == 2;

  Plan forward = bake(d);
  for (const PassInfo& pass : forward.passes()) row.passes += (row.passes.empty() ? "" : "; ") + pass.label();

  // Accuracy against FFTW in long double.
  std::vector<std::complex<T>> x = randomInput<T>(d.elements(), 0x5eed + d.points() + d.batch);
  HostRunResult<T> fx = runOnHost(context, forward, x);
  auto reference = referenceTransform(x, d.rows, d.cols, d.batch, twoD, Direction::Forward);
  ErrorMeasures e = measureError(fx.output, reference);
  row.relL2 = e.relL2;
  row.relLinf = e.relLinf;
  row.inputUntouched = fx.inputUntouched;
  row.guardsIntact = fx.guardsIntact;
  if (!(row.relL2 <= row.l2Gate)) fail("L2 error");
  if (!(row.relLinf <= row.linfGate)) fail("Linf error");
  if (!row.inputUntouched) fail("input changed");
  if (!row.guardsIntact) fail("guard cells written");

  // inverse(forward(x)) against x; the inverse scales by 1/N.
  PlanDescription inverseDescription = d;
  inverseDescription.direction = Direction::Inverse;
  Plan inverse = bake(inverseDescription);
  HostRunResult<T> back = runOnHost(context, inverse, fx.output);
  std::vector<std::complex<long double>> xl(x.begin(), x.end());
  row.roundTrip = measureError(back.output, xl).relL2;
  if (!(row.roundTrip <= row.roundTripGate)) fail("round trip");

  // An impulse at 0 gives exactly 1 + 0i in every bin; through Bluestein's convolution it is
  // 1 only within the L-infinity gate.
  std::vector<std::complex<T>> impulse(d.elements());
  for (std::size_t b = 0; b < d.batch; ++b) impulse[b * d.points()] = 1;
  HostRunResult<T> fi = runOnHost(context, forward, impulse);
  row.impulseExact = true;
  for (const auto& v : fi.output) {
    row.impulseExact = row.impulseExact && v == std::complex<T>(1, 0);
    row.impulseError = std::max(row.impulseError, static_cast<double>(std::abs(v - std::complex<T>(1, 0))));
  }
  row.impulseExactExpected = !usesBluestein(d);
  if (row.impulseExactExpected && !row.impulseExact) fail("impulse not exactly 1");
  if (!row.impulseExactExpected && !(row.impulseError <= row.linfGate)) fail("impulse error");

  // The last batch member equals the same data transformed alone.
  row.batchConsistent = true;
  if (d.batch > 1) {
    PlanDescription single = d;
    single.batch = 1;
    Plan alone = bake(single);
    std::size_t offset = (d.batch - 1) * d.points();
    std::vector<std::complex<T>> member(x.begin() + offset, x.end());
    HostRunResult<T> fm = runOnHost(context, alone, member);
    row.batchConsistent =
        std::memcmp(fm.output.data(), fx.output.data() + offset, d.points() * sizeof(std::complex<T>)) == 0;
    if (!row.batchConsistent) fail("batch member differs from the row alone");
  }
  return row;
}

}  // namespace

Gates gatesFor(const PlanDescription& d) {
  const std::size_t n = d.points();
  // Bluestein's two FFTs of M > 2N points and chirp products: the wider 5 u sqrt(log2 N) gate.
  if (usesBluestein(d) && d.twiddle != TwiddleMode::Recurrence) {
    double l2 = l2Gate(d.precision, n, GateKind::Transcendental);
    return {l2, 2 * l2};
  }
  switch (d.twiddle) {
    case TwiddleMode::Table:
      return {l2Gate(d.precision, n, GateKind::Table), linfGate(d.precision, n)};
    case TwiddleMode::Sincos:
    case TwiddleMode::Native: {
      double l2 = l2Gate(d.precision, n, GateKind::Transcendental);
      return {l2, 2 * l2};
    }
    case TwiddleMode::Recurrence: {
      // Measured and reported: a product of up to 15 factors per twiddle, so 16x the sincos gate.
      double l2 = 16 * l2Gate(d.precision, n, GateKind::Transcendental);
      return {l2, 2 * l2};
    }
  }
  return {0, 0};
}

std::vector<PlanDescription> verifyCases(const VerifySelection& s) {
  std::vector<PlanDescription> cases;
  const bool given = !s.lengths.empty() || !s.shapes.empty();
  std::vector<std::size_t> lengths = s.lengths;
  if (!given)
    for (int l = 1; l <= s.maxLog2; ++l) lengths.push_back(std::size_t{1} << l);
  if (s.oneD)
    for (Variant v : s.variants)
      for (TwiddleMode tw : s.twiddles)
        for (std::size_t n : lengths)
          for (std::size_t batch : s.batches) {
            PlanDescription d = PlanDescription::oneD(n, batch);
            d.variant = v;
            d.twiddle = tw;
            d.precision = s.precision;
            cases.push_back(d);
          }
  if (s.twoD) {
    std::vector<std::pair<std::size_t, std::size_t>> shapes = s.shapes;
    for (std::size_t side : given ? std::vector<std::size_t>{} : twoDSides(s.maxLog2TwoD)) {
      shapes.push_back({side, side});
      shapes.push_back({1, side});
      shapes.push_back({side, 1});
      if (side >= 4) shapes.push_back({side / 4, side});
      if (side >= 8) shapes.push_back({side, side / 8});
    }
    for (Variant v : s.variants)
      for (TransposeMode t : s.transposes)
        for (auto [rows, cols] : shapes) {
          PlanDescription d = PlanDescription::twoD(rows, cols, 1);
          d.variant = v;
          d.transpose = t;
          d.precision = s.precision;
          cases.push_back(d);
        }
  }
  return cases;
}

VerifyRow verifyCase(cl::DeviceContext& context, const PlanDescription& d, const PassChooser& choose) {
  return d.precision == Precision::F32 ? verifyTyped<float>(context, d, choose) : verifyTyped<double>(context, d, choose);
}

}  // namespace fftscope
