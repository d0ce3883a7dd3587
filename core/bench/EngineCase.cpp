// The engine's side of a case: bake the plan, check its first transform, then time it by
// profiling events (the sum of the plan's timing records, and each pass alone) and by host clock.
#include "bench/CaseRun.h"

#include "engine/runtime/Plan.h"
#include "engine/verify/Verify.h"

#include <cstdio>
#include <limits>

namespace fftscope::bench {
namespace {

// Warm-ups, then kernel time by profiling events (total and per pass), then host clock.
void timePlan(const CaseRun& run, Plan& plan, BenchResult& r) {
  for (int i = 0; i < run.spec.warmup; ++i) plan.enqueue(run.in, run.out).wait();
  std::vector<double> totalMs;
  std::vector<std::vector<double>> passMs(plan.passes().size());
  for (int i = 0; i < run.spec.repeat; ++i) {
    std::vector<TimingRecord> timings = plan.enqueue(run.in, run.out).timings();
    // A plan run in chunks launches every pass once a chunk: a pass's time is their sum.
    std::vector<double> perPass(passMs.size(), 0.0);
    double sum = 0;
    for (std::size_t i = 0; i < timings.size() && !perPass.empty(); ++i) {
      const double ms = static_cast<double>(timings[i].nanoseconds) * 1e-6;
      perPass[i % perPass.size()] += ms;
      sum += ms;
    }
    for (std::size_t p = 0; p < perPass.size(); ++p) passMs[p].push_back(perPass[p]);
    totalMs.push_back(sum);
    if (run.callbacks.launches) run.callbacks.launches(std::move(timings));
  }
  r.kernelMs = quartiles(totalMs);
  for (std::size_t p = 0; p < passMs.size(); ++p)
    r.passes.push_back({plan.passes()[p].label(), quartiles(passMs[p]).median});
  // Host clock as the peers are timed: no events (the loop finishes the queue).
  setHostTimes(r, hostClock(run, [&] { plan.enqueue(run.in, run.out, {}, LaunchEvents::None); }));
}

}  // namespace

BenchResult runEngineCase(const CaseRun& run, const VariantChoice& choice) {
  BenchResult r = run.blank;
  r.variant = choice.name(run.description.dimensions);
  PlanDescription d = run.description;
  d.variant = choice.variant;
  d.twiddle = choice.twiddle;
  d.transpose = choice.transpose;
  try {
    std::string replanned;
    auto makePlan = [&]() -> Plan {
      if (d.variant == Variant::Auto && run.callbacks.autoPasses) {
        try {
          return Plan(run.context, d, run.callbacks.autoPasses(d));
        } catch (const KernelGroupTooLarge& e) {
          replanned = e.what();  // planned again below by the planner itself, which can fall back
        }
      }
      return Plan(run.context, d);
    };
    Plan plan = makePlan();
    if (replanned.empty()) replanned = plan.replannedBecause();
    if (!replanned.empty())
      std::fprintf(stderr, "note: %s: %s; planned again\n", d.summary().c_str(), replanned.c_str());
    plan.enqueue(run.in, run.out).wait();
    if (checkFirstTransform(run, readFirstTransform(run, run.out), gatesFor(d).l2, r)) timePlan(run, plan, r);
  } catch (const std::exception& e) {
    // A variant this device cannot take, or an OpenCL failure inside the case: recorded, not timed.
    r.verified = false;
    r.error = e.what();
  }
  if (!r.verified) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    r.hostMs = r.kernelMs = {nan, nan, nan};
    r.gflops = r.gbs = r.copyFraction = nan;
    r.passes.clear();
  }
  return r;
}

}  // namespace fftscope::bench
