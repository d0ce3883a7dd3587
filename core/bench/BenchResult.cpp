#include "bench/BenchResult.h"

#include <cmath>

namespace fftscope::bench {
namespace {

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }
bool same(const Quartiles& a, const Quartiles& b) { return same(a.q1, b.q1) && same(a.median, b.median) && same(a.q3, b.q3); }

}  // namespace

bool sameRecord(const BenchResult& a, const BenchResult& b) {
  if (a.passes.size() != b.passes.size()) return false;
  for (std::size_t i = 0; i < a.passes.size(); ++i)
    if (a.passes[i].label != b.passes[i].label || !same(a.passes[i].medianMs, b.passes[i].medianMs)) return false;
  return a.device == b.device && a.driver == b.driver && a.date == b.date && a.variant == b.variant &&
         a.precision == b.precision && a.dims == b.dims && a.rows == b.rows && a.cols == b.cols &&
         a.batch == b.batch && a.points == b.points && a.verified == b.verified && same(a.relL2, b.relL2) &&
         same(a.l2Gate, b.l2Gate) && a.error == b.error && same(a.hostMs, b.hostMs) && same(a.kernelMs, b.kernelMs) &&
         same(a.gflops, b.gflops) && same(a.gbs, b.gbs) && same(a.copyGbs, b.copyGbs) &&
         same(a.copyFraction, b.copyFraction);
}

}  // namespace fftscope::bench
