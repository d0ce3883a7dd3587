#include "Commands.h"
#include "PlanOptions.h"
#include "SplitChoiceReport.h"
#include "PlanPicker.h"
#include "bench/SweepSpec.h"
#include "engine/cl/KernelSources.h"
#include "engine/planning/PassPlan.h"
#include "engine/planning/RealSteps.h"
#include "engine/planning/StagePlanner.h"
#include "engine/runtime/PassKernels.h"
#include "engine/runtime/Plan.h"
#include "graph/PlanGraphJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>

namespace fftscope::cli {
namespace {

struct PlanCommandOptions {
  std::size_t size = 0, rows = 0;  // rows = 0: a 1D plan
  std::size_t batch = 1;
  // Another device's limits (0 / empty: this device's), to see the plan it would run.
  std::uint64_t localMem = 0;
  std::size_t maxWorkGroup = 0;
  std::string grouped;
  std::string registerCap;
  std::optional<std::uint64_t> cacheChunk;  // bytes a chunk of the batch holds (CacheChunks.h)
  bool json = false;
  bool graph = false;           // the flow graph (core/graph) instead of the launch list
  bool expandBlocks = false;
  bool real = false;            // R2C (C2R with --inverse): RealPlan's steps
  bool source = false;          // every program the plan builds: options and OpenCL source
  std::vector<std::size_t> gpuLimits;  // local memory KiB and work-items: plan for such a GPU
  std::string devices;                 // several devices: the split model's prediction instead
  PlanOptions plan;
  PlanChoiceOptions choice;
};

// What one launch builds: kernels/<family>.cl (after common.cl) with these options.
using Program = cl::ProgramKey;

// The launches of the plan and, beside each, the program it builds.
struct PlannedLaunches {
  std::vector<PassInfo> passes;
  std::vector<Program> programs;
};

PlannedLaunches planLaunches(const PlanDescription& d, const DeviceLimits& limits, bool real,
                             const std::vector<PassInfo>* chosen) {
  PlannedLaunches planned;
  if (!real) {
    planned.passes = chosen ? *chosen : planPasses(d, limits);
    for (const PassInfo& p : planned.passes)
      planned.programs.push_back(programKey(p, d.precision, d.direction));
    return planned;
  }
  // A real plan's complex plans build with their own descriptions (its transposes as forward ones).
  const std::vector<RealStep> steps = planRealSteps(d, limits);
  planned.passes = realStepPasses(steps);
  for (const RealStep& step : steps) {
    const PlanDescription& built = step.kernel.empty() ? step.complex : d;
    for (const PassInfo& p : step.passes)
      planned.programs.push_back(programKey(p, built.precision, built.direction));
  }
  return planned;
}

// Each distinct program once, in the order first used, with the launches that use it.
std::vector<std::pair<Program, std::string>> distinctPrograms(const std::vector<Program>& programs) {
  std::vector<std::pair<Program, std::string>> distinct;
  for (std::size_t i = 0; i < programs.size(); ++i) {
    auto found = std::find_if(distinct.begin(), distinct.end(), [&](const auto& p) { return p.first == programs[i]; });
    if (found == distinct.end()) {
      distinct.emplace_back(programs[i], std::to_string(i));
    } else {
      found->second += ", " + std::to_string(i);
    }
  }
  return distinct;
}

nlohmann::ordered_json candidatesJson(const PlanChoice& choice) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const PlanCandidate& c : choice.candidates) {
    nlohmann::ordered_json labels = nlohmann::ordered_json::array();
    for (const PassInfo& p : c.passes) labels.push_back(p.label());
    nlohmann::ordered_json ms;  // null where not measured
    for (const auto& [name, value] : choice.timings)
      if (name == c.name) ms = value;
    list.push_back({{"name", c.name}, {"launches", c.launches()}, {"bytes", c.bytes}, {"cost", c.cost},
                    {"measured_ms", ms}, {"auto_estimate", c.autoEstimate}, {"measure_only", c.measureOnly}, {"chosen", c.name == choice.chosen.name},
                    {"passes", labels}});
  }
  return list;
}

void printCandidates(const PlanChoice& choice) {
  if (!choice.candidates.empty()) {
    std::printf("candidates, cheapest estimate first (cost: passes over the data, launches included):\n");
    int width = 16;  // the names' column, as wide as the longest name
    for (const PlanCandidate& c : choice.candidates) width = std::max(width, static_cast<int>(c.name.size()));
    std::printf("     %-*s %8s %14s %8s %12s\n", width, "plan", "launches", "bytes r+w", "cost", "measured ms");
    for (const PlanCandidate& c : choice.candidates) {
      std::string ms = "-";
      for (const auto& [name, value] : choice.timings)
        if (name == c.name) ms = std::to_string(value).substr(0, 9);
      std::printf("  %s  %-*s %8zu %14llu %8.3f %12s%s\n", c.name == choice.chosen.name ? "*" : " ", width, c.name.c_str(),
                  c.launches(), static_cast<unsigned long long>(c.bytes), c.cost, ms.c_str(),
                  c.autoEstimate ? "  auto's estimate" : c.measureOnly ? "  taken only if measured fastest" : "");
    }
  }
  std::printf("chosen by %s: %s\n", std::string(toString(choice.source)).c_str(), choice.reason.c_str());
}

int runPlan(const PlanCommandOptions& o) {
  PlanDescription d = PlanDescription::oneD(o.size, o.batch);
  if (o.rows) {
    d.dimensions = 2;
    d.rows = o.rows;
  }
  applyPlanOptions(o.plan, d);
  if (!o.devices.empty()) return printSplitChoice(d, o.devices, o.plan.device, o.json);

  // The plan depends on the device's local memory and work-group limits.
  DeviceLimits limits;
  std::string deviceName = "a device with 32 KiB local memory and 256 work-items per group";
  std::unique_ptr<PlanPicker> picker;  // wisdom and measuring need a device
  if (!o.gpuLimits.empty()) {
    if (o.choice.measure()) throw std::invalid_argument("--plan measure times this device; leave out --gpu-limits");
    cl::DeviceInfo gpu;  // such a GPU, with the environment's overrides (Plan.h's limitsOf)
    gpu.type = "GPU";
    gpu.localMemBytes = o.gpuLimits[0] * 1024;
    gpu.maxWorkGroupSize = o.gpuLimits[1];
    limits = limitsOf(gpu);
    deviceName = "a GPU with " + std::to_string(o.gpuLimits[0]) + " KiB local memory and " +
                 std::to_string(o.gpuLimits[1]) + " work-items per group";
  } else {
    try {
      cl::DeviceInfo dev = cl::chooseDevice(o.plan.device);
      limits = limitsOf(dev);
      deviceName = dev.name;
      picker = std::make_unique<PlanPicker>(o.choice, dev, false);
    } catch (const cl::NoPlatformError&) {
      if (o.choice.measure()) throw std::invalid_argument("--plan measure needs an OpenCL device; there is none");
    }
  }
  if (o.localMem || o.maxWorkGroup || !o.grouped.empty() || !o.registerCap.empty()) {
    picker.reset();  // wisdom and measuring belong to the device, not to the limits asked for
    if (o.localMem) limits.localMemBytes = o.localMem;
    if (o.maxWorkGroup) limits.maxWorkGroupSize = o.maxWorkGroup;
    if (!o.grouped.empty()) limits.groupedPasses = o.grouped == "on";
    if (!o.registerCap.empty()) limits.registerCap = o.registerCap == "on";
    deviceName = "a device with " + std::to_string(limits.localMemBytes) + " bytes of local memory, " +
                 std::to_string(limits.maxWorkGroupSize) + " work-items a group, grouped passes " +
                 (limits.groupedPasses ? "on" : "off") + ", register cap " + (limits.registerCap ? "on" : "off");
  }
  if (o.cacheChunk) {
    limits.cacheChunkBytes = *o.cacheChunk;
    if (*o.cacheChunk > 0) {
      picker.reset();  // the chunks asked for, not the device's wisdom
      deviceName += o.real ? ", batches whole (real plans do not run in chunks)"
                           : ", batches in chunks of at most " + std::to_string(*o.cacheChunk) + " bytes";
    }
  }
  if (o.graph) {
    if (o.real) throw std::invalid_argument("--graph draws complex 1D plans; leave out --real");
    if (d.dimensions != 1) throw std::invalid_argument("--graph draws 1D plans; leave out --rows");
    graph::GraphJsonOptions options;
    options.expandBlocks = o.expandBlocks;
    // The graph is JSON only: nodes and edges have no useful plain-text form.
    std::printf("%s\n", graph::planGraphJson(d, limits, options).dump(o.json ? 2 : -1).c_str());
    return 0;
  }
  // Complex plans: auto's candidates, chosen by estimate, wisdom or measuring; real plans as planned.
  std::optional<PlanChoice> choice;
  if (!o.real) choice = picker ? picker->choose(d) : choosePlan(d, limits, nullptr);
  const PlannedLaunches planned = planLaunches(d, limits, o.real, choice ? &choice->chosen.passes : nullptr);
  const std::vector<PassInfo>& passes = planned.passes;
  const std::string what = d.summary() + (o.real ? (d.direction == Direction::Forward ? " R2C" : " C2R") : "");
  const std::uint64_t bytes = bytesMoved(passes);

  if (o.json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const PassInfo& p : passes) {
      const bool transpose = p.kind == PassKind::Transpose;
      list.push_back({{"kernel", p.kernelName()}, {"label", p.label()}, {"radix", p.radix},
                      {"tail_radix", p.localFft.tailRadix}, {"p", p.p}, {"length", p.length}, {"span", p.span},
                      {"rows", p.rows}, {"stride", p.stride}, {"dist", p.dist}, {"axis", p.axis},
                      {"twiddle", transpose || isRealKernelPass(p) ? "-" : std::string(toString(p.twiddle))},
                      {"transpose", transpose ? std::string(toString(p.transpose)) : "-"},
                      {"global", p.global[0] * p.global[1] * p.global[2]},
                      {"local", p.local[0] * p.local[1] * p.local[2]}, {"bytes_read", p.bytesRead},
                      {"bytes_written", p.bytesWritten}, {"scale", p.scale}, {"source", p.source},
                      {"destination", p.destination}, {"padded", p.padded},
                      {"chirp_in", p.hooks.chirpIn}, {"filter_out", p.hooks.filterOut},
                      {"chirp_out", p.hooks.chirpOut},
                      {"filter_middle", p.hooks.filterMiddle}, {"rader", p.hooks.rader}, {"chunks", p.chunks}});
    }
    nlohmann::ordered_json document{{"description", d.summary()}, {"real", o.real}, {"device", deviceName},
                                    {"launches", launchCount(passes)}, {"bytes", bytes}, {"passes", list}};
    if (choice) {
      const Wisdom* wisdom = picker ? picker->wisdom() : nullptr;
      document["chosen"] = choice->chosen.name;
      document["source"] = toString(choice->source);
      document["reason"] = choice->reason;
      document["cost"] = choice->chosen.cost;
      document["wisdom"] = wisdom ? nlohmann::ordered_json(wisdom->path().string()) : nlohmann::ordered_json();
      document["candidates"] = candidatesJson(*choice);
    }
    if (o.source) {
      nlohmann::ordered_json programs = nlohmann::ordered_json::array();
      for (const auto& [program, users] : distinctPrograms(planned.programs))
        programs.push_back({{"file", program.family + ".cl"}, {"options", program.options}, {"passes", users},
                            {"source", kernelProgram(program.family)}});
      document["programs"] = programs;
    }
    std::printf("%s\n", document.dump(2).c_str());
    return 0;
  }
  static const char* slot[] = {"in", "out", "scratchA", "scratchB", "scratchC", "scratchD"};
  std::printf("%s on %s: %zu kernel launches, %llu bytes read and written\n", what.c_str(), deviceName.c_str(),
              launchCount(passes), static_cast<unsigned long long>(bytes));
  if (!passes.empty() && passes.front().chunks > 1)
    std::printf("  in %zu chunks of %zu batch members, every launch below once a chunk (through the L2 cache)\n",
                passes.front().chunks, d.batch / passes.front().chunks);
  if (!o.real)
    for (const std::string& line : stageReasons(d, limits)) std::printf("  %s\n", line.c_str());
  std::printf("  #  %-44s %-10s %12s %8s %14s  %s\n", "kernel", "twiddle", "work-items", "group", "bytes r+w", "buffers");
  for (std::size_t i = 0; i < passes.size(); ++i) {
    const PassInfo& p = passes[i];
    std::printf("%3zu  %-44s %-10s %12zu %8zu %14llu  %s -> %s\n", i, p.label().c_str(),
                p.kind == PassKind::Transpose || p.kind == PassKind::Copy || isRealKernelPass(p) ? "-" : std::string(toString(p.twiddle)).c_str(),
                p.global[0] * p.global[1] * p.global[2], p.local[0] * p.local[1] * p.local[2],
                static_cast<unsigned long long>(p.bytesRead + p.bytesWritten), slot[p.source], slot[p.destination]);
  }
  std::printf("  %zu launches, %llu bytes read and written (%.2f times the data's %llu)\n", launchCount(passes),
              static_cast<unsigned long long>(bytes), static_cast<double>(bytes) / static_cast<double>(2 * d.bytes()),
              static_cast<unsigned long long>(2 * d.bytes()));
  if (choice) printCandidates(*choice);
  if (o.source) {
    int index = 0;
    for (const auto& [program, users] : distinctPrograms(planned.programs))
      std::printf("\n// ==== program %d: kernels/%s.cl (after common.cl) for launch %s\n// build options: %s\n%s\n",
                  ++index, program.family.c_str(), users.c_str(), program.options.c_str(),
                  kernelProgram(program.family).c_str());
  }
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
  command->add_option("--batch", o->batch, "transforms in the batch")->capture_default_str()
      ->check(wholeNumber(1, maxSide));
  command->add_option("--local-mem", o->localMem,
                      "plan for a device with this many bytes of local memory instead of this one's "
                      "(an H200: --local-mem 49152 --max-work-group 1024 --grouped on)")
      ->check(wholeNumber(1024, std::int64_t{1} << 30));
  command->add_option("--max-work-group", o->maxWorkGroup, "plan for a device with this many work-items a group at most")
      ->check(wholeNumber(1, 1 << 16));
  command->add_option("--grouped", o->grouped, "plan as a device whose `auto` does (on) or does not (off) use grouped passes")
      ->check(CLI::IsMember({"on", "off"}));
  command->add_option("--register-cap", o->registerCap,
                      "plan as a device whose build can (on) or cannot (off) cap a kernel's registers "
                      "(NVIDIA's cl_nv_compiler_options), which sizes register-held groups by their values alone")
      ->check(CLI::IsMember({"on", "off"}));
  command->add_option("--cache-chunk", o->cacheChunk,
                      "run a batch in chunks of at most this many bytes, every pass of a chunk before the next "
                      "chunk, so that the passes meet in the L2 cache (0: the whole batch; the environment's "
                      "FFTSCOPE_CACHE_CHUNK does the same for every command)")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40));
  command->add_flag("--json", o->json, "print JSON");
  command->add_flag("--graph", o->graph,
                    "the butterfly flow graph of the plan as JSON: passes, nodes, edges with twiddle exponents, "
                    "memory views");
  command->add_flag("--expand-blocks", o->expandBlocks, "with --graph: radix-R blocks as their radix-2 steps");
  command->add_flag("--real", o->real,
                    "a real transform: R2C of --size reals a row (C2R with --inverse), as `fft --real` runs it");
  command->add_flag("--source", o->source,
                    "after the launches, every program the plan builds: its build options and OpenCL source "
                    "(FFTSCOPE_PRINT_KERNELS=1 makes any command print each program it builds to stderr)");
  command->add_option("--gpu-limits", o->gpuLimits,
                      "KIB,ITEMS: plan for a GPU with KIB KiB of local memory and ITEMS work-items per group "
                      "instead of the chosen device")
      ->delimiter(',')
      ->expected(2)
      ->check(wholeNumber(1, 1 << 20));
  command->add_option("--devices", o->devices,
                      "instead of the launches: the cost model's prediction of one device and each split over these "
                      "devices (all, or devices as --device takes them, comma-separated), and which `auto` takes");
  addPlanOptions(*command, o->plan);
  addPlanChoiceOptions(*command, o->choice, "auto");
  return {command, [o] { return runPlan(*o); }};
}

}  // namespace fftscope::cli
