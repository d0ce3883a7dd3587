#include "bench/SweepRunner.h"

#include "bench/CaseRun.h"
#include "bench/CopyCeiling.h"
#include "bench/IsoDate.h"
#include "engine/runtime/Plan.h"

#include <algorithm>

namespace fftscope::bench {
namespace {

PlanDescription describe(const SweepSpec& spec, const CaseShape& shape) {
  PlanDescription d = shape.dims == 2 ? PlanDescription::twoD(shape.rows, shape.cols, batchFor(spec, shape))
                                      : PlanDescription::oneD(shape.cols, batchFor(spec, shape));
  d.precision = spec.precision;
  d.direction = spec.direction;
  return d;
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

  const std::string date = isoDateNow();

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
    CaseData data = prepareCase(context, d);
    CaseRun run{context, spec, callbacks, d, data.in.get(), data.out.get(),
                std::move(data.firstInput), std::move(data.reference), caseBlank(context.device(), d, date, copyGbs)};
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
      finish(callbacks.peers.helper.empty() ? runPeerCase(run, peer)
                                            : runPeerCaseInChild(run, peer, callbacks.peers, cancel));
    }
  }
  report.cancelled = cancelled() && progress.done < progress.total;
  return report;
}

}  // namespace fftscope::bench
