#include "bench/ResultChecks.h"

#include "bench/SweepSpec.h"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace fftscope::bench {
namespace {

[[noreturn]] void refuse(const char* field, const std::string& what) {
  throw std::invalid_argument(std::string("field '") + field + "' " + what);
}

void checkSide(const char* field, std::size_t value) {
  if (value < 1 || value > kMaxSide)
    refuse(field, "is " + std::to_string(value) + ", not from 1 to " + std::to_string(kMaxSide));
}

// NaN stands for "not measured"; anything else is a count of milliseconds, GB/s or a ratio.
void checkMeasure(const char* field, double value) {
  if (std::isnan(value)) return;
  if (!(value >= 0) || !std::isfinite(value)) refuse(field, "is " + std::to_string(value) + ", not 0 or more");
}

}  // namespace

void checkResult(const BenchResult& r) {
  if (r.dims != 1 && r.dims != 2) refuse("dims", "is " + std::to_string(r.dims) + ", not 1 or 2");
  checkSide("rows", r.rows);
  checkSide("cols", r.cols);
  if (r.dims == 1 && r.rows != 1) refuse("rows", "is " + std::to_string(r.rows) + " in a 1D result");
  if (r.batch < 1) refuse("batch", "is 0, not 1 or more");
  const std::size_t shape = r.rows * r.cols;  // at most 2^60: kMaxSide squared
  if (r.batch > SIZE_MAX / shape)
    refuse("batch", std::to_string(r.batch) + " times " + std::to_string(shape) + " points overflows");
  if (r.points != shape * r.batch)
    refuse("points", "is " + std::to_string(r.points) + ", not rows × cols × batch = " + std::to_string(shape * r.batch));
  checkMeasure("rel_l2", r.relL2);
  checkMeasure("l2_gate", r.l2Gate);
  for (const auto& [field, q] : {std::pair{"host_ms", r.hostMs}, std::pair{"kernel_ms", r.kernelMs}}) {
    checkMeasure(field, q.q1);
    checkMeasure(field, q.median);
    checkMeasure(field, q.q3);
  }
  checkMeasure("gflops", r.gflops);
  checkMeasure("gbs", r.gbs);
  checkMeasure("copy_gbs", r.copyGbs);
  checkMeasure("copy_fraction", r.copyFraction);
  for (const PassTime& p : r.passes) checkMeasure("passes", p.medianMs);
}

}  // namespace fftscope::bench
