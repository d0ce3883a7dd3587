#include "engine/planning/PlanPolicy.h"

#include <utility>

namespace fftscope {

PlanPolicy::PlanPolicy(PlanPolicyOptions options, cl::DeviceInfo device, PlanMeasurer measurer, PlanReporter reporter)
    : options_(std::move(options)), device_(std::move(device)), measurer_(std::move(measurer)), reporter_(std::move(reporter)) {}

void PlanPolicy::say(const std::string& line) const {
  if (reporter_) reporter_(line);
}

const Wisdom* PlanPolicy::wisdom() {
  if (!loaded_) {
    loaded_ = true;
    const std::filesystem::path path = options_.wisdom.empty() ? Wisdom::defaultPath() : options_.wisdom;
    if (path.empty()) {
      if (options_.mode == PlanMode::Measure)
        say("warning: neither XDG_CACHE_HOME nor HOME is set: measured plans are not kept (give --wisdom FILE)");
      return nullptr;
    }
    wisdom_ = Wisdom::load(path);
    if (!wisdom_->usable()) say("warning: " + wisdom_->warning());
  }
  return wisdom_ ? &*wisdom_ : nullptr;
}

PlanChoice PlanPolicy::choose(const PlanDescription& d) {
  const Wisdom* stored = d.variant == Variant::Auto ? wisdom() : nullptr;
  PlanChoice choice = choosePlan(d, device_, stored);
  const std::string where = wisdom_ ? wisdom_->path().string() : std::string();
  if (choice.source == PlanSource::Estimate && options_.mode == PlanMode::Measure && measurer_) {
    say("measuring " + std::to_string(choice.candidates.size()) + " candidate plans for " + d.summary() + " on " +
        device_.name);
    std::string saveProblem;
    choice = measurer_(d, wisdom_ ? &*wisdom_ : nullptr, &saveProblem);
    say("plan: " + choice.reason);
    if (!saveProblem.empty())
      say("warning: the measured plan is not stored: " + saveProblem);
    else if (wisdom_)
      say("stored in " + where);
  } else if (choice.source == PlanSource::Wisdom) {
    say("plan: " + choice.reason + ", from " + where);
  } else if (options_.sayEstimates && choice.source == PlanSource::Estimate) {
    say("plan: " + choice.reason);
  }
  return choice;
}

}  // namespace fftscope
