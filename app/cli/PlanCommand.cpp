#include "Commands.h"
#include "PlanOptions.h"
#include "PlanPicker.h"
#include "bench/SweepSpec.h"
#include "engine/PassPlan.h"
#include "engine/Plan.h"
#include "engine/StagePlanner.h"
#include "graph/PlanGraphJson.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

namespace fftscope::cli {
namespace {

struct PlanCommandOptions {
  std::size_t size = 0, rows = 0;  // rows = 0: a 1D plan
  bool json = false;
  bool graph = false;           // the flow graph (core/graph) instead of the launch list
  bool expandBlocks = false;
  PlanOptions plan;
  PlanChoiceOptions choice;
};

nlohmann::ordered_json candidatesJson(const PlanChoice& choice) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const PlanCandidate& c : choice.candidates) {
    nlohmann::ordered_json labels = nlohmann::ordered_json::array();
    for (const PassInfo& p : c.passes) labels.push_back(p.label());
    nlohmann::ordered_json ms;  // null where not measured
    for (const auto& [name, value] : choice.timings)
      if (name == c.name) ms = value;
    list.push_back({{"name", c.name}, {"launches", c.launches()}, {"bytes", c.bytes}, {"cost", c.cost},
                    {"measured_ms", ms}, {"auto_estimate", c.autoEstimate}, {"chosen", c.name == choice.chosen.name},
                    {"passes", labels}});
  }
  return list;
}

void printCandidates(const PlanChoice& choice) {
  if (!choice.candidates.empty()) {
    std::printf("candidates, cheapest estimate first (cost: passes over the data, launches included):\n");
    std::printf("     %-16s %8s %14s %8s %12s\n", "plan", "launches", "bytes r+w", "cost", "measured ms");
    for (const PlanCandidate& c : choice.candidates) {
      std::string ms = "-";
      for (const auto& [name, value] : choice.timings)
        if (name == c.name) ms = std::to_string(value).substr(0, 9);
      std::printf("  %s  %-16s %8zu %14llu %8.3f %12s%s\n", c.name == choice.chosen.name ? "*" : " ", c.name.c_str(),
                  c.launches(), static_cast<unsigned long long>(c.bytes), c.cost, ms.c_str(),
                  c.autoEstimate ? "  auto's estimate" : "");
    }
  }
  std::printf("chosen by %s: %s\n", std::string(toString(choice.source)).c_str(), choice.reason.c_str());
}

int runPlan(const PlanCommandOptions& o) {
  PlanDescription d = PlanDescription::oneD(o.size);
  if (o.rows) {
    d.dimensions = 2;
    d.rows = o.rows;
  }
  applyPlanOptions(o.plan, d);

  // The plan depends on the device's local memory and work-group limits.
  DeviceLimits limits;
  std::string deviceName = "a device with 32 KiB local memory and 256 work-items per group";
  std::unique_ptr<PlanPicker> picker;  // wisdom and measuring need a device
  try {
    cl::DeviceInfo dev = cl::chooseDevice(o.plan.device);
    limits = limitsOf(dev);
    deviceName = dev.name;
    picker = std::make_unique<PlanPicker>(o.choice, dev, false);
  } catch (const cl::NoPlatformError&) {
    if (o.choice.measure()) throw std::invalid_argument("--plan measure needs an OpenCL device; there is none");
  }
  if (o.graph) {
    if (d.dimensions != 1) throw std::invalid_argument("--graph draws 1D plans; leave out --rows");
    graph::GraphJsonOptions options;
    options.expandBlocks = o.expandBlocks;
    // The graph is JSON only: nodes and edges have no useful plain-text form.
    std::printf("%s\n", graph::planGraphJson(d, limits, options).dump(o.json ? 2 : -1).c_str());
    return 0;
  }
  const PlanChoice choice = picker ? picker->choose(d) : choosePlan(d, limits, nullptr);
  const std::vector<PassInfo>& passes = choice.chosen.passes;

  if (o.json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const PassInfo& p : passes) {
      const bool transpose = p.kind == PassKind::Transpose;
      list.push_back({{"kernel", p.kernelName()}, {"label", p.label()}, {"radix", p.radix},
                      {"tail_radix", p.tailRadix}, {"p", p.p}, {"length", p.length}, {"span", p.span},
                      {"rows", p.rows}, {"stride", p.stride}, {"dist", p.dist}, {"axis", p.axis},
                      {"twiddle", transpose ? "-" : std::string(toString(p.twiddle))},
                      {"transpose", transpose ? std::string(toString(p.transpose)) : "-"},
                      {"global", p.global[0] * p.global[1] * p.global[2]},
                      {"local", p.local[0] * p.local[1] * p.local[2]}, {"bytes_read", p.bytesRead},
                      {"bytes_written", p.bytesWritten}, {"scale", p.scale}, {"source", p.source},
                      {"destination", p.destination}});
    }
    const Wisdom* wisdom = picker ? picker->wisdom() : nullptr;
    nlohmann::ordered_json document{{"description", d.summary()}, {"device", deviceName}, {"passes", list}};
    document["chosen"] = choice.chosen.name;
    document["source"] = toString(choice.source);
    document["reason"] = choice.reason;
    document["cost"] = choice.chosen.cost;
    document["wisdom"] = wisdom ? nlohmann::ordered_json(wisdom->path().string()) : nlohmann::ordered_json();
    document["candidates"] = candidatesJson(choice);
    std::printf("%s\n", document.dump(2).c_str());
    return 0;
  }
  static const char* slot[] = {"in", "out", "scratchA", "scratchB", "scratchC", "scratchD"};
  std::printf("%s on %s: %zu kernel launches\n", d.summary().c_str(), deviceName.c_str(), passes.size());
  for (const std::string& line : stageReasons(d, limits)) std::printf("  %s\n", line.c_str());
  std::printf("  #  %-44s %-10s %12s %8s %14s  %s\n", "kernel", "twiddle", "work-items", "group", "bytes r+w", "buffers");
  for (std::size_t i = 0; i < passes.size(); ++i) {
    const PassInfo& p = passes[i];
    std::printf("%3zu  %-44s %-10s %12zu %8zu %14llu  %s -> %s\n", i, p.label().c_str(),
                p.kind == PassKind::Transpose || p.kind == PassKind::Copy ? "-" : std::string(toString(p.twiddle)).c_str(),
                p.global[0] * p.global[1] * p.global[2], p.local[0] * p.local[1] * p.local[2],
                static_cast<unsigned long long>(p.bytesRead + p.bytesWritten), slot[p.source], slot[p.destination]);
  }
  printCandidates(choice);
  return 0;
}

}  // namespace

Command addPlanCommand(CLI::App& app) {
  CLI::App* command = app.add_subcommand("plan", "the kernel passes the engine will run");
  auto o = std::make_shared<PlanCommandOptions>();
  const auto maxSide = static_cast<std::int64_t>(bench::kMaxSide);
  command->add_option("--size", o->size, "the transform length (1D) or the width (2D)")
      ->required()
      ->check(wholeNumber(1, maxSide));
  command->add_option("--rows", o->rows, "rows of a 2D transform")->check(wholeNumber(1, maxSide));
  command->add_flag("--json", o->json, "print JSON");
  command->add_flag("--graph", o->graph,
                    "the butterfly flow graph of the plan as JSON: passes, nodes, edges with twiddle exponents, "
                    "memory views");
  command->add_flag("--expand-blocks", o->expandBlocks, "with --graph: radix-R blocks as their radix-2 steps");
  addPlanOptions(*command, o->plan);
  addPlanChoiceOptions(*command, o->choice, "auto");
  return {command, [o] { return runPlan(*o); }};
}

}  // namespace fftscope::cli
