// The commands' options for choosing `auto`'s plan (engine/planning/PlanPolicy.h): --plan estimate
// (the cheapest estimate, or a winner stored in the wisdom file) or --plan measure (time the
// candidates on the device once, keep the fastest in the wisdom file), and --wisdom FILE for
// another file than the user's cache. What was chosen and why goes to stderr, with a warning
// naming a wisdom file that cannot be used.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/planning/PlanPolicy.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

namespace fftscope::cli {

struct PlanChoiceOptions {
  std::string mode = "estimate";
  std::string wisdom;  // empty: Wisdom::defaultPath()
  bool measure() const { return mode == "measure"; }
};

void addPlanChoiceOptions(CLI::App& command, PlanChoiceOptions& o, const std::string& what);

// The engine's plan policy (engine/planning/PlanPolicy.h) with the command's options, measuring
// on the device (a context of its own where none is given) and reporting to stderr.
class PlanPicker {
 public:
  // sayEstimates: also report choices by estimate (not only those from wisdom or measured now).
  PlanPicker(const PlanChoiceOptions& options, cl::DeviceContext& context, bool sayEstimates = true);
  // Without a context until one is needed: measuring makes its own.
  PlanPicker(const PlanChoiceOptions& options, const cl::DeviceInfo& device, bool sayEstimates = true);

  PlanPicker(const PlanPicker&) = delete;  // the policy's measurer refers to this picker
  PlanPicker& operator=(const PlanPicker&) = delete;

  PlanChoice choose(const PlanDescription& description) { return policy_.choose(description); }
  PassChooser chooser() { return policy_.chooser(); }
  // The wisdom in use (loaded on first use), or null when there is no file to use.
  const Wisdom* wisdom() { return policy_.wisdom(); }

 private:
  cl::DeviceContext& context();

  cl::DeviceInfo device_;
  cl::DeviceContext* context_ = nullptr;
  std::unique_ptr<cl::DeviceContext> ownContext_;
  PlanPolicy policy_;
};

}  // namespace fftscope::cli
