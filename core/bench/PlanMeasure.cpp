#include "bench/PlanMeasure.h"

#include "bench/IsoDate.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/Plan.h"
#include "engine/verify/Verify.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <stdexcept>

namespace fftscope::bench {
namespace {

// Random input on the device (never zeros) and the first transform's reference.
struct MeasureData {
  cl::Buffer in, out;
  std::vector<std::complex<long double>> reference;
};

template <typename T>
MeasureData prepare(cl::DeviceContext& context, const PlanDescription& d) {
  std::vector<std::complex<T>> values;
  if constexpr (std::is_same_v<T, float>)
    values = randomComplexF32(d.elements(), 0x91a7);
  else
    values = randomComplexF64(d.elements(), 0x91a7);
  MeasureData data{context.buffer(d.bytes()), context.buffer(d.bytes()), {}};
  context.write(data.in.get(), values.data(), d.bytes());
  const std::vector<std::complex<T>> first(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(d.points()));
  data.reference = referenceTransform(first, d.rows, d.cols, 1, d.dimensions == 2, d.direction);
  return data;
}

template <typename T>
std::vector<std::complex<double>> readFirst(cl::DeviceContext& context, const PlanDescription& d, cl_mem buffer) {
  std::vector<std::complex<T>> values(d.points());
  context.read(buffer, values.data(), values.size() * sizeof(values[0]));
  return {values.begin(), values.end()};
}

void measureOne(cl::DeviceContext& context, const PlanDescription& d, const PlanCandidate& candidate,
                const MeasureData& data, const MeasureSettings& settings, CandidateMeasure& m) {
  Plan plan(context, d, candidate.passes);
  plan.enqueue(data.in.get(), data.out.get()).wait();
  std::vector<std::complex<double>> output = d.precision == Precision::F32
                                                 ? readFirst<float>(context, d, data.out.get())
                                                 : readFirst<double>(context, d, data.out.get());
  if (settings.alterOutput) settings.alterOutput(candidate.name, output);
  m.relL2 = measureError(output, data.reference).relL2;
  m.gate = gatesFor(d).l2;
  if (!(m.relL2 <= m.gate)) {  // NaN fails too
    char text[160];
    std::snprintf(text, sizeof text, "output differs from FFTW: relative L2 error %.3g above the gate %.3g", m.relL2,
                  m.gate);
    m.error = text;
    return;
  }
  m.ms = timeRounds(context, settings.rounds,
                    [&](int) { plan.enqueue(data.in.get(), data.out.get(), {}, LaunchEvents::None); });
  m.verified = true;
}

}  // namespace

PlanMeasurement measureCandidates(cl::DeviceContext& context, const PlanDescription& d,
                                  const std::vector<PlanCandidate>& candidates, const MeasureSettings& settings) {
  checkFitsDevice(d, context.device());
  const MeasureData data = d.precision == Precision::F32 ? prepare<float>(context, d) : prepare<double>(context, d);
  PlanMeasurement result;
  bool any = false;
  std::string problems;
  double cheapest = candidates.empty() ? 0 : candidates.front().cost;
  for (const PlanCandidate& c : candidates) cheapest = std::min(cheapest, c.cost);
  for (const PlanCandidate& candidate : candidates) {
    CandidateMeasure m;
    m.name = candidate.name;
    m.cost = candidate.cost;
    if (candidate.cost > settings.costSpan * cheapest && !candidate.autoEstimate) {
      char text[96];
      std::snprintf(text, sizeof text, "not measured: estimated %.1f times the cheapest", candidate.cost / cheapest);
      m.error = text;
      result.candidates.push_back(std::move(m));
      continue;
    }
    if (settings.progress) settings.progress(candidate.name);
    try {
      measureOne(context, d, candidate, data, settings, m);
    } catch (const std::exception& e) {
      // A candidate this device cannot build or run: recorded, never chosen.
      m.verified = false;
      m.error = e.what();
    }
    if (m.verified && (!any || m.ms.median < result.candidates[result.winner].ms.median)) {
      result.winner = result.candidates.size();
      any = true;
    }
    if (!m.verified) problems += (problems.empty() ? "" : "; ") + m.name + ": " + m.error;
    result.candidates.push_back(std::move(m));
  }
  if (!any) throw std::runtime_error("no candidate plan for " + d.summary() + " passed the check against FFTW (" + problems + ")");
  return result;
}

PlanChoice measurePlan(cl::DeviceContext& context, const PlanDescription& description, Wisdom* wisdom,
                       const MeasureSettings& settings, std::string* saveProblem, PlanMeasurement* measurement) {
  PlanDescription d = description;
  d.variant = Variant::Auto;
  PlanChoice choice;
  choice.candidates = planCandidates(d, limitsOf(context.device()));
  PlanMeasurement m = measureCandidates(context, d, choice.candidates, settings);
  const CandidateMeasure& best = m.candidates[m.winner];
  choice.chosen = *findCandidate(choice.candidates, best.name);
  choice.source = PlanSource::Measured;

  WisdomEntry entry;
  entry.key = WisdomKey::of(d, context.device().name, context.device().driverVersion);
  entry.candidate = best.name;
  entry.milliseconds = best.ms.median;
  entry.measured = isoDateNow();
  const CandidateMeasure* next = nullptr;
  for (const CandidateMeasure& c : m.candidates)
    if (c.verified) {
      entry.timings.emplace_back(c.name, c.ms.median);
      if (c.name != best.name && (!next || c.ms.median < next->ms.median)) next = &c;
    }
  char text[96];
  std::snprintf(text, sizeof text, "%.4g ms a transform", best.ms.median);
  choice.reason = best.name + ": measured fastest, " + text;
  if (next) {
    std::snprintf(text, sizeof text, "%.4g ms", next->ms.median);
    choice.reason += "; next " + next->name + " " + text;
  }
  choice.reason += " (measured now: " + std::to_string(entry.timings.size()) + " of " +
                   std::to_string(m.candidates.size()) + " candidates built, checked and timed)";
  choice.timings = entry.timings;
  if (wisdom) {
    try {
      wisdom->record(entry);
    } catch (const std::exception& e) {
      if (saveProblem) *saveProblem = e.what();
    }
  }
  if (measurement) *measurement = std::move(m);
  return choice;
}

}  // namespace fftscope::bench
