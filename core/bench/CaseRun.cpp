#include "bench/CaseRun.h"

#include "bench/HostClock.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "engine/cl/ClError.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace fftscope::bench {
namespace {

template <typename T>
std::vector<std::complex<double>> readWidened(const CaseRun& run, cl_mem buffer) {
  std::vector<std::complex<T>> values(run.description.points());
  run.context.read(buffer, values.data(), values.size() * sizeof(values[0]));
  return {values.begin(), values.end()};
}

template <typename T>
std::vector<std::complex<double>> fillInput(cl::DeviceContext& context, const PlanDescription& d, cl_mem in) {
  std::vector<std::complex<T>> values;
  if constexpr (std::is_same_v<T, float>)
    values = randomComplexF32(d.elements(), 11);
  else
    values = randomComplexF64(d.elements(), 11);
  context.write(in, values.data(), d.bytes());
  return {values.begin(), values.begin() + static_cast<std::ptrdiff_t>(d.points())};
}

}  // namespace

CaseData prepareCase(cl::DeviceContext& context, const PlanDescription& d) {
  CaseData data{context.buffer(d.bytes()), context.buffer(d.bytes()), {}, {}};
  data.firstInput = d.precision == Precision::F32 ? fillInput<float>(context, d, data.in.get())
                                                  : fillInput<double>(context, d, data.in.get());
  data.reference = referenceTransform(data.firstInput, d.rows, d.cols, 1, d.dimensions == 2, d.direction);
  return data;
}

BenchResult caseBlank(const cl::DeviceInfo& device, const PlanDescription& d, std::string date, double copyGbs) {
  BenchResult r;
  r.device = device.name;
  r.driver = device.driverVersion;
  r.date = std::move(date);
  r.precision = std::string(toString(d.precision));
  r.copyGbs = copyGbs;
  r.dims = d.dimensions;
  r.rows = d.rows;
  r.cols = d.cols;
  r.batch = d.batch;
  r.points = d.elements();
  return r;
}

std::vector<std::complex<double>> readFirstTransform(const CaseRun& run, cl_mem buffer) {
  return run.description.precision == Precision::F32 ? readWidened<float>(run, buffer) : readWidened<double>(run, buffer);
}

bool checkFirstTransform(const CaseRun& run, std::vector<std::complex<double>> output, double gate, BenchResult& r) {
  if (run.callbacks.alterOutput) run.callbacks.alterOutput(r.variant, output);
  r.relL2 = measureError(output, run.reference).relL2;
  r.l2Gate = gate;
  r.verified = r.relL2 <= gate;  // false for NaN too
  if (!r.verified) {
    char text[160];
    std::snprintf(text, sizeof text, "output differs from FFTW: relative L2 error %.3g above the gate %.3g", r.relL2,
                  gate);
    r.error = text;
  }
  return r.verified;
}

void setHostTimes(BenchResult& r, const Quartiles& hostMs) {
  r.hostMs = hostMs;
  const double n = static_cast<double>(r.rows * r.cols);
  const double flops = 5.0 * n * std::log2(n) * static_cast<double>(r.batch);
  const double bytes = 2.0 * static_cast<double>(r.points) * (r.precision == "f64" ? 16.0 : 8.0);
  const double seconds = hostMs.median * 1e-3;
  r.gflops = flops / seconds * 1e-9;
  r.gbs = bytes / seconds * 1e-9;
  r.copyFraction = r.gbs / r.copyGbs;
}

Quartiles hostClock(const CaseRun& run, const std::function<void()>& enqueue) {
  return timeRounds(run.context, {run.spec.warmup, run.spec.repeat, kBackToBack}, [&](int) { enqueue(); });
}

}  // namespace fftscope::bench
