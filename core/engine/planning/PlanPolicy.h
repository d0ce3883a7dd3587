// How `auto`'s plan is chosen, alike for the command line, the window and image filtering: by
// estimate (the cheapest estimate, or the winner a measurement stored in the wisdom file), or by
// measuring (time the candidates on the device once, store the fastest). Measuring needs a
// device, so it comes in as a function (bench/PlanMeasure.h's measurePlan) and planning stays
// plain data; what was chosen and why goes to a reporter where one is given.
#pragma once

#include "engine/cl/Devices.h"
#include "engine/planning/PlanChoice.h"
#include "engine/planning/Wisdom.h"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace fftscope {

enum class PlanMode { Estimate, Measure };

// Times the candidates for the description and returns the measured choice, storing the winner
// in `wisdom` (and its file) where given; a file that cannot be written leaves its problem in
// *saveProblem.
using PlanMeasurer = std::function<PlanChoice(const PlanDescription&, Wisdom* wisdom, std::string* saveProblem)>;
// One line of what was chosen and why, or a warning ("warning: ...").
using PlanReporter = std::function<void(const std::string& line)>;

struct PlanPolicyOptions {
  PlanMode mode = PlanMode::Estimate;
  std::filesystem::path wisdom;  // empty: Wisdom::defaultPath()
  bool sayEstimates = true;      // report choices by estimate too, not only stored or measured ones
};

class PlanPolicy {
 public:
  // Measure mode needs a measurer; without one it estimates.
  PlanPolicy(PlanPolicyOptions options, cl::DeviceInfo device, PlanMeasurer measurer = {}, PlanReporter reporter = {});

  PlanChoice choose(const PlanDescription& description);
  PassChooser chooser() {
    return [this](const PlanDescription& d) { return choose(d).chosen.passes; };
  }
  // The wisdom in use, loaded on first use; null where there is no file to use (no cache folder).
  const Wisdom* wisdom();
  // Wisdom already loaded (or made), instead of the file's.
  void useWisdom(Wisdom wisdom) {
    wisdom_ = std::move(wisdom);
    loaded_ = true;
  }

 private:
  void say(const std::string& line) const;

  PlanPolicyOptions options_;
  cl::DeviceInfo device_;
  PlanMeasurer measurer_;
  PlanReporter reporter_;
  bool loaded_ = false;
  std::optional<Wisdom> wisdom_;
};

}  // namespace fftscope
