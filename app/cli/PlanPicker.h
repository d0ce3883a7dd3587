// How the commands choose `auto`'s plan: --plan estimate (the cheapest estimate, or a winner
// stored in the wisdom file) or --plan measure (time the candidates on the device once, keep the
// fastest in the wisdom file), and --wisdom FILE for another file than the user's cache. What
// was chosen and why goes to stderr, with a warning naming a wisdom file that cannot be used.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/planning/PlanChoice.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>

namespace fftscope::cli {

struct PlanChoiceOptions {
  std::string mode = "estimate";
  std::string wisdom;  // empty: Wisdom::defaultPath()
  bool measure() const { return mode == "measure"; }
};

void addPlanChoiceOptions(CLI::App& command, PlanChoiceOptions& o, const std::string& what);

class PlanPicker {
 public:
  // sayEstimates: also report choices by estimate (not only those from wisdom or measured now).
  PlanPicker(const PlanChoiceOptions& options, cl::DeviceContext& context, bool sayEstimates = true);
  // Without a context until one is needed: measuring makes its own.
  PlanPicker(const PlanChoiceOptions& options, const cl::DeviceInfo& device, bool sayEstimates = true);

  PlanChoice choose(const PlanDescription& description);
  PassChooser chooser() {
    return [this](const PlanDescription& d) { return choose(d).chosen.passes; };
  }
  // The wisdom in use (loaded on first use), or null when there is no file to use.
  const Wisdom* wisdom();

 private:
  cl::DeviceContext& context();

  PlanChoiceOptions options_;
  cl::DeviceInfo device_;
  cl::DeviceContext* context_ = nullptr;
  std::unique_ptr<cl::DeviceContext> ownContext_;
  bool sayEstimates_;
  bool loaded_ = false;
  std::optional<Wisdom> wisdom_;
};

}  // namespace fftscope::cli
