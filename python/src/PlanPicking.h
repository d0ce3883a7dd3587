// Complex plans chosen as fftscope-cli chooses them (engine/planning/PlanPolicy.h), with the same
// wisdom file: a candidate stored there by `fftscope-cli ... --plan measure` is used, and measuring
// here (mode "measure") stores its winner where the CLI finds it. Real plans plan by estimate, as
// the CLI's do.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/runtime/Plan.h"

#include <filesystem>
#include <memory>
#include <string>

namespace fftscope::python {

struct PickedPlan {
  std::unique_ptr<Plan> plan;
  std::string source;   // "estimate", "wisdom" or "measured" (PlanChoice.h)
  std::string warning;  // a wisdom file that cannot be used or written, or empty
};

// wisdom: the file, or empty for the CLI's default (Wisdom::defaultPath()).
PickedPlan pickComplexPlan(cl::DeviceContext& context, const PlanDescription& description, bool measure,
                           const std::filesystem::path& wisdom);

}  // namespace fftscope::python
