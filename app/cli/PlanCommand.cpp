#include "Commands.h"
#include "Json.h"
#include "PlanOptions.h"
#include "engine/PassPlan.h"
#include "engine/Plan.h"
#include "engine/StagePlanner.h"

#include <cstdio>

namespace fftscope::cli {

int planCommand(const Words& words) {
  auto valueOptions = kPlanValueOptions;
  valueOptions.insert({"size", "rows"});
  Args args(words, valueOptions, {"json", "inverse"});
  PlanDescription d = PlanDescription::oneD(static_cast<std::size_t>(args.integer("size", 0)));
  if (!args.has("size")) throw std::invalid_argument("option --size is required");
  if (args.has("rows")) {
    d.dimensions = 2;
    d.rows = static_cast<std::size_t>(args.integer("rows", 1));
  }
  applyPlanOptions(args, d);

  // The plan depends on the device's local memory and work-group limits.
  DeviceLimits limits;
  std::string deviceName = "a device with 32 KiB local memory and 256 work-items per group";
  try {
    cl::DeviceInfo dev = cl::chooseDevice(args.value("device"));
    limits = limitsOf(dev);
    deviceName = dev.name;
  } catch (const cl::NoPlatformError&) {
  }
  std::vector<PassInfo> passes = planPasses(d, limits);

  if (args.has("json")) {
    std::string list;
    for (const PassInfo& p : passes) {
      JsonObject o;
      o.add("kernel", p.kernelName()).add("label", p.label()).add("radix", p.radix).add("tail_radix", p.tailRadix);
      o.add("p", p.p).add("length", p.length).add("span", p.span).add("rows", p.rows);
      o.add("stride", p.stride).add("dist", p.dist).add("axis", p.axis);
      o.add("twiddle", p.kind == PassKind::Transpose ? std::string_view("-") : toString(p.twiddle));
      o.add("transpose", p.kind == PassKind::Transpose ? toString(p.transpose) : std::string_view("-"));
      o.add("global", p.global[0] * p.global[1] * p.global[2]).add("local", p.local[0] * p.local[1] * p.local[2]);
      o.add("bytes_read", p.bytesRead).add("bytes_written", p.bytesWritten).add("scale", p.scale);
      o.add("source", p.source).add("destination", p.destination);
      list += (list.empty() ? "" : ",\n  ") + o.str();
    }
    std::printf("{\"description\": %s, \"device\": %s, \"passes\": [\n  %s\n]}\n", jsonString(d.summary()).c_str(),
                jsonString(deviceName).c_str(), list.c_str());
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
  return 0;
}

}  // namespace fftscope::cli
