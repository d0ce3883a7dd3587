#include "engine/planning/PlanChoice.h"

#include <algorithm>

#include "engine/planning/DeviceLimitsOf.h"

#include <cstdio>

namespace fftscope {
namespace {

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", value);
  return text;
}

// The fastest candidate other than the winner in a stored measurement, for the reason text.
std::string runnerUp(const WisdomEntry& e) {
  const std::pair<std::string, double>* best = nullptr;
  for (const auto& t : e.timings)
    if (t.first != e.candidate && (!best || t.second < best->second)) best = &t;
  return best ? "; next " + best->first + " " + number(best->second) + " ms" : "";
}

}  // namespace

std::string_view toString(PlanSource source) {
  switch (source) {
    case PlanSource::Fixed: return "fixed";
    case PlanSource::Estimate: return "estimate";
    case PlanSource::Wisdom: return "wisdom";
    case PlanSource::Measured: return "measured";
  }
  return "?";
}

std::string estimateReason(const std::vector<PlanCandidate>& candidates, const PlanCandidate& chosen) {
  std::string why = chosen.name + ": the lowest estimated cost, " + number(chosen.cost) + " passes over the data";
  for (const PlanCandidate& c : candidates)
    if (c.name != chosen.name && !c.measureOnly) {
      why += " (next: " + c.name + ", " + number(c.cost) + ")";
      break;
    }
  if (!chosen.autoEstimate)
    for (const PlanCandidate& c : candidates)
      if (c.autoEstimate) why += "; auto's own rules would run " + c.name;
  return why;
}

PlanChoice choosePlan(const PlanDescription& d, const DeviceLimits& limits, const WisdomEntry* stored) {
  PlanChoice choice;
  if (d.variant != Variant::Auto) {
    choice.source = PlanSource::Fixed;
    choice.chosen.name = std::string(toString(d.variant));
    choice.chosen.passes = planPasses(d, limits);
    choice.chosen.bytes = bytesMoved(choice.chosen.passes);
    choice.chosen.cost = estimatedCost(choice.chosen.passes, d);
    choice.reason = choice.chosen.name + ": the variant asked for";
    return choice;
  }
  choice.candidates = planCandidates(d, limits);
  if (stored) {
    if (auto found = findCandidate(choice.candidates, stored->candidate)) {
      choice.chosen = *found;
      choice.source = PlanSource::Wisdom;
      choice.timings = stored->timings;
      choice.reason = found->name + ": measured fastest, " + number(stored->milliseconds) + " ms a transform" +
                      runnerUp(*stored) + " (stored wisdom, " + stored->measured + ")";
      return choice;
    }
  }
  choice.chosen = *std::find_if(choice.candidates.begin(), choice.candidates.end(),
                                [](const PlanCandidate& c) { return !c.measureOnly; });
  choice.source = PlanSource::Estimate;
  choice.reason = estimateReason(choice.candidates, choice.chosen);
  if (stored)
    choice.reason += "; the stored wisdom names '" + stored->candidate + "', which this plan no longer has";
  return choice;
}

PlanChoice choosePlan(const PlanDescription& d, const cl::DeviceInfo& device, const Wisdom* wisdom) {
  const WisdomEntry* stored =
      wisdom && d.variant == Variant::Auto ? wisdom->find(WisdomKey::of(d, device.name, device.driverVersion)) : nullptr;
  return choosePlan(d, limitsOf(device), stored);
}

}  // namespace fftscope
