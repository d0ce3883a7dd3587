#include "bench/SweepRunner.h"

#include "bench/CaseRun.h"
#include "bench/CopyCeiling.h"
#include "bench/IsoDate.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/Plan.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>

namespace fftscope::bench {
namespace {

PlanDescription describe(const SweepSpec& spec, const CaseShape& shape) {
  PlanDescription d = shape.dims == 2 ? PlanDescription::twoD(shape.rows, shape.cols, batchFor(spec, shape))
                                      : PlanDescription::oneD(shape.cols, batchFor(spec, shape));
  d.precision = spec.precision;
  d.direction = spec.direction;
  return d;
}

// Random data in the input buffer, never zeros; keeps the first transform's input for the checks.
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

BenchReport runSweep(cl::DeviceContext& context, const SweepSpec& spec, const SweepCallbacks& callbacks,
                     const std::atomic<bool>* cancel) {
  validate(spec);
  // Every shape is checked against the engine's rules and the device's limits before any work.
  std::size_t largest = 0;
  for (const CaseShape& shape : spec.shapes) {
    const PlanDescription d = describe(spec, shape);
    validate(d);
    checkFitsDevice(d, context.device());
    largest = std::max(largest, d.bytes());
  }
  const double copyGbs = measureCopyCeiling(context, largest, spec.warmup, spec.repeat).gbs();

  BenchResult blank;
  blank.device = context.device().name;
  blank.driver = context.device().driverVersion;
  blank.date = isoDateNow();
  blank.precision = std::string(toString(spec.precision));
  blank.copyGbs = copyGbs;

  BenchReport report;
  SweepProgress progress;
  progress.total = spec.shapes.size() * (spec.variants.size() + spec.peers.size());
  auto cancelled = [&] { return cancel && cancel->load(); };
  auto finish = [&](BenchResult r) {
    ++progress.done;
    if (callbacks.result) callbacks.result(r);
    report.results.push_back(std::move(r));
  };
  for (const CaseShape& shape : spec.shapes) {
    if (cancelled()) break;
    const PlanDescription d = describe(spec, shape);
    cl::Buffer in = context.buffer(d.bytes()), out = context.buffer(d.bytes());
    CaseRun run{context, spec, callbacks, d, in.get(), out.get(), {}, {}, blank};
    run.firstInput = spec.precision == Precision::F32 ? fillInput<float>(context, d, in.get())
                                                      : fillInput<double>(context, d, in.get());
    run.reference = referenceTransform(run.firstInput, d.rows, d.cols, 1, d.dimensions == 2, d.direction);
    run.blank.dims = d.dimensions;
    run.blank.rows = d.rows;
    run.blank.cols = d.cols;
    run.blank.batch = d.batch;
    run.blank.points = d.elements();
    const std::string suffix = " " + shape.text() + " x" + std::to_string(d.batch);

    for (const VariantChoice& choice : spec.variants) {
      if (cancelled()) break;
      progress.next = choice.name(d.dimensions) + suffix;
      if (callbacks.progress) callbacks.progress(progress);
      finish(runEngineCase(run, choice));
    }
    for (const std::string& peer : spec.peers) {
      if (cancelled()) break;
      progress.next = peer + suffix;
      if (callbacks.progress) callbacks.progress(progress);
      finish(runPeerCase(run, peer));
    }
  }
  report.cancelled = cancelled() && progress.done < progress.total;
  return report;
}

}  // namespace fftscope::bench
