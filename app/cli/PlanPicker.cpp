#include "PlanPicker.h"

#include "bench/PlanMeasure.h"

#include <cstdio>

namespace fftscope::cli {

void addPlanChoiceOptions(CLI::App& command, PlanChoiceOptions& o, const std::string& what) {
  command.add_option("--plan", o.mode,
                     "how " + what + " chooses its plan: estimate (the cheapest estimate, or a winner stored by an "
                     "earlier measure) or measure (time every candidate once and store the fastest)")
      ->capture_default_str()
      ->check(CLI::IsMember({"estimate", "measure"}));
  command.add_option("--wisdom", o.wisdom,
                     "the wisdom file of measured plans (default: $XDG_CACHE_HOME/fftscope/wisdom.json or "
                     "~/.cache/fftscope/wisdom.json)");
}

namespace {

PlanPolicyOptions policyOptions(const PlanChoiceOptions& o, bool sayEstimates) {
  return {o.measure() ? PlanMode::Measure : PlanMode::Estimate, std::filesystem::path(o.wisdom), sayEstimates};
}

void toStderr(const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); }

}  // namespace

PlanPicker::PlanPicker(const PlanChoiceOptions& options, cl::DeviceContext& context, bool sayEstimates)
    : PlanPicker(options, context.device(), sayEstimates) {
  context_ = &context;
}

PlanPicker::PlanPicker(const PlanChoiceOptions& options, const cl::DeviceInfo& device, bool sayEstimates)
    : device_(device),
      policy_(policyOptions(options, sayEstimates), device,
              [this](const PlanDescription& d, Wisdom* wisdom, std::string* saveProblem) {
                return bench::measurePlan(context(), d, wisdom, {}, saveProblem);
              },
              toStderr) {}

cl::DeviceContext& PlanPicker::context() {
  if (!context_) {
    ownContext_ = std::make_unique<cl::DeviceContext>(device_);
    context_ = ownContext_.get();
  }
  return *context_;
}

}  // namespace fftscope::cli
