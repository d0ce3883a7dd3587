#include "PlanPicking.h"

#include "bench/PlanMeasure.h"
#include "engine/planning/PlanPolicy.h"

namespace fftscope::python {

PickedPlan pickComplexPlan(cl::DeviceContext& context, const PlanDescription& d, bool measure,
                           const std::filesystem::path& wisdom) {
  PickedPlan picked;
  PlanPolicy policy(
      {measure ? PlanMode::Measure : PlanMode::Estimate, wisdom, false}, context.device(),
      [&context](const PlanDescription& described, Wisdom* stored, std::string* saveProblem) {
        return bench::measurePlan(context, described, stored, {}, saveProblem);
      },
      [&picked](const std::string& line) {
        if (line.rfind("warning: ", 0) == 0) picked.warning = line.substr(9);
      });
  const PlanChoice choice = policy.choose(d);
  picked.source = std::string(toString(choice.source));
  try {
    picked.plan = std::make_unique<Plan>(context, d, choice.chosen.passes);
  } catch (const KernelGroupTooLarge&) {
    picked.plan = std::make_unique<Plan>(context, d);  // planned again, within what local memory holds
    picked.source = "estimate";
  }
  return picked;
}

}  // namespace fftscope::python
