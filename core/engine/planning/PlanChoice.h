// Which plan runs for a description: a fixed variant's own passes; for `auto`, the candidate that
// measuring found fastest on this device (stored wisdom), or else the cheapest estimate. Measuring
// itself times plans on the device (bench/PlanMeasure.h); this only reads what it stored.
#pragma once

#include "engine/planning/PlanCandidates.h"
#include "engine/planning/Wisdom.h"

#include <functional>
#include <string>
#include <vector>

namespace fftscope {

namespace cl {
struct DeviceInfo;
}

enum class PlanSource { Fixed, Estimate, Wisdom, Measured };
std::string_view toString(PlanSource source);  // "fixed", "estimate", "wisdom", "measured"

struct PlanChoice {
  std::vector<PlanCandidate> candidates;  // cheapest estimate first; empty for a fixed variant
  PlanCandidate chosen;
  PlanSource source = PlanSource::Estimate;
  std::string reason;  // e.g. "local: the lowest estimated cost, 3.65 passes (next: r16, 5.25)"
  // Wisdom or Measured: each verified candidate's median per transform, ms.
  std::vector<std::pair<std::string, double>> timings;
};

// The passes a caller builds a Plan from (Plan(context, description, passes)).
using PassChooser = std::function<std::vector<PassInfo>(const PlanDescription&)>;

// Plain data, no device: `stored` is the wisdom entry for this device and description, or null.
// A stored candidate that no longer exists for the description is passed over (and said so).
PlanChoice choosePlan(const PlanDescription& description, const DeviceLimits& limits, const WisdomEntry* stored);

// The same, looking the device and description up in `wisdom` (which may be null).
PlanChoice choosePlan(const PlanDescription& description, const cl::DeviceInfo& device, const Wisdom* wisdom);

// "local: the lowest estimated cost ..." for a choice made from the candidates alone.
std::string estimateReason(const std::vector<PlanCandidate>& candidates, const PlanCandidate& chosen);

}  // namespace fftscope
