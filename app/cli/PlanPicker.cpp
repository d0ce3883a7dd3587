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

PlanPicker::PlanPicker(const PlanChoiceOptions& options, cl::DeviceContext& context, bool sayEstimates)
    : options_(options), device_(context.device()), context_(&context), sayEstimates_(sayEstimates) {}

PlanPicker::PlanPicker(const PlanChoiceOptions& options, const cl::DeviceInfo& device, bool sayEstimates)
    : options_(options), device_(device), sayEstimates_(sayEstimates) {}

cl::DeviceContext& PlanPicker::context() {
  if (!context_) {
    ownContext_ = std::make_unique<cl::DeviceContext>(device_);
    context_ = ownContext_.get();
  }
  return *context_;
}

const Wisdom* PlanPicker::wisdom() {
  if (!loaded_) {
    loaded_ = true;
    const std::filesystem::path path = options_.wisdom.empty() ? Wisdom::defaultPath() : std::filesystem::path(options_.wisdom);
    if (path.empty()) {
      if (options_.measure())
        std::fprintf(stderr, "warning: neither XDG_CACHE_HOME nor HOME is set: measured plans are not kept "
                             "(give --wisdom FILE)\n");
      return nullptr;
    }
    wisdom_ = Wisdom::load(path);
    if (!wisdom_->usable()) std::fprintf(stderr, "warning: %s\n", wisdom_->warning().c_str());
  }
  return wisdom_ ? &*wisdom_ : nullptr;
}

PlanChoice PlanPicker::choose(const PlanDescription& d) {
  const Wisdom* stored = d.variant == Variant::Auto ? wisdom() : nullptr;
  PlanChoice choice = choosePlan(d, device_, stored);
  const std::string where = wisdom_ ? wisdom_->path().string() : std::string();
  if (choice.source == PlanSource::Estimate && options_.measure()) {
    std::fprintf(stderr, "measuring %zu candidate plans for %s on %s\n", choice.candidates.size(), d.summary().c_str(),
                 device_.name.c_str());
    std::string saveProblem;
    choice = bench::measurePlan(context(), d, wisdom_ ? &*wisdom_ : nullptr, {}, &saveProblem);
    std::fprintf(stderr, "plan: %s\n", choice.reason.c_str());
    if (!saveProblem.empty())
      std::fprintf(stderr, "warning: the measured plan is not stored: %s\n", saveProblem.c_str());
    else if (wisdom_)
      std::fprintf(stderr, "stored in %s\n", where.c_str());
  } else if (choice.source == PlanSource::Wisdom) {
    std::fprintf(stderr, "plan: %s, from %s\n", choice.reason.c_str(), where.c_str());
  } else if (sayEstimates_ && choice.source == PlanSource::Estimate) {
    std::fprintf(stderr, "plan: %s\n", choice.reason.c_str());
  }
  return choice;
}

}  // namespace fftscope::cli
