#include "PlanSignatureCases.h"

#include "engine/planning/CacheChunks.h"
#include "engine/planning/DeviceLimitsOf.h"
#include "engine/planning/PassPlan.h"
#include "engine/planning/RealSteps.h"
#include "engine/runtime/PassArguments.h"
#include "engine/runtime/PassKernels.h"
#include "settings/Settings.h"

#include <functional>
#include <sstream>
#include <stdexcept>

namespace fftscope {
namespace {

struct NamedLimits {
  std::string name;
  DeviceLimits limits;
};

// The limits limitsOf gives a device of these facts, with no setting changed.
DeviceLimits limitsFor(const char* type, std::uint64_t localBytes, std::size_t group, bool capOption) {
  cl::DeviceInfo device;
  device.type = type;
  device.localMemBytes = localBytes;
  device.maxWorkGroupSize = group;
  device.registerCapOption = capOption;
  return limitsOf(device, Settings());
}

std::vector<NamedLimits> limitsSets() {
  const DeviceLimits pocl = limitsFor("CPU", 1024 * 1024, 4096, false);
  DeviceLimits poclGrouped = pocl;
  poclGrouped.groupedPasses = true;
  const DeviceLimits nvidia = limitsFor("GPU", 48 * 1024, 1024, true);
  DeviceLimits held = nvidia;
  held.preferRegisterPasses = true;
  DeviceLimits sixtyFour = nvidia;
  sixtyFour.registerValues = 64;
  DeviceLimits options = nvidia;  // the build switches turned the other way
  options.stagedTwiddles = false;
  options.outerSteps = false;
  options.innerStepsEverywhere = true;
  options.filterPrefetch = true;
  options.filterPassCap = 80;
  options.reqdWideHeld = true;
  options.capEveryPass = true;
  options.registerCapOverride = 96;
  DeviceLimits undeclared = nvidia;
  undeclared.reqdGroup = false;
  undeclared.innerSteps = false;
  undeclared.registerCap = false;
  DeviceLimits prefer = nvidia;
  prefer.preferRader = true;
  prefer.preferSplitBluestein = true;
  return {{"pocl", pocl},          {"pocl-grouped", poclGrouped}, {"nvidia", nvidia},         {"nvidia-held", held},
          {"nvidia-64", sixtyFour}, {"nvidia-options", options},   {"nvidia-undeclared", undeclared}, {"nvidia-prefer", prefer}};
}

std::string joined(const std::array<std::size_t, 3>& v) {
  return std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]);
}

std::string passText(const PassInfo& pass, Precision precision, Direction direction) {
  std::ostringstream out;
  out << "  " << pass.label() << "\n    kernel " << pass.kernelName() << " in " << passFamily(pass) << ".cl: "
      << passBuildOptions(pass, precision, direction) << "\n    global " << joined(pass.global) << " local "
      << joined(pass.local) << " dim " << pass.workDim << ", buffers " << pass.source << " -> " << pass.destination
      << ", chunks " << pass.chunks << "\n";
  if (pass.kind != PassKind::Elementwise || pass.elementwise.kernel != ElementwiseKernel::Other)
    out << "    arguments " << passArguments(pass, precision).text() << "\n";
  return out.str();
}

std::string passesText(const std::vector<PassInfo>& passes, const PlanDescription& d) {
  std::string text;
  for (const PassInfo& pass : passes) text += passText(pass, d.precision, d.direction);
  return text;
}

// The text of what `plan` returns, or why it refused.
std::string planned(const std::function<std::string()>& plan) {
  try {
    return plan();
  } catch (const std::invalid_argument& e) {
    return std::string("  refused: ") + e.what() + "\n";
  }
}

std::vector<PlanDescription> complexDescriptions() {
  std::vector<PlanDescription> all;
  for (std::size_t n : {1, 2, 7, 16, 97, 200, 256, 1000, 1024, 1080, 1920, 2048, 3000, 4000, 4096, 8191, 12289, 16384,
                        65536, 65537, 1 << 20, 1000003, 1 << 22})
    for (std::size_t batch : {1, 16}) {
      PlanDescription d = PlanDescription::oneD(n, batch);
      all.push_back(d);
      if (n == 1024 || n == 1000 || n == 65536)
        for (Variant v : {Variant::R2, Variant::R4, Variant::R8, Variant::R16, Variant::Local}) {
          d.variant = v;
          all.push_back(d);
        }
    }
  for (TwiddleMode t : {TwiddleMode::Sincos, TwiddleMode::Native, TwiddleMode::Recurrence})
    for (std::size_t n : {4096, 16384, 1000}) {
      PlanDescription d = PlanDescription::oneD(n, 4);
      d.twiddle = t;
      all.push_back(d);
    }
  const std::pair<std::size_t, std::size_t> shapes[] = {{64, 64},     {1080, 1920}, {4096, 4096}, {1000, 750},
                                                       {3000, 4000}, {2048, 20},   {1024, 8},    {127, 256}, {8192, 8192}};
  for (const auto& [rows, cols] : shapes)
    for (std::size_t batch : {1, 2}) {
      PlanDescription d = PlanDescription::twoD(rows, cols, batch);
      all.push_back(d);
      d.variant = Variant::Local;
      all.push_back(d);
      if (rows == 1080) {
        d.variant = Variant::R4;
        for (TransposeMode t : {TransposeMode::Naive, TransposeMode::Tiled, TransposeMode::Padded}) {
          d.transpose = t;
          all.push_back(d);
        }
      }
    }
  return all;
}

}  // namespace

std::vector<SignedPlan> signedPlans() {
  std::vector<SignedPlan> plans;
  for (const NamedLimits& named : limitsSets()) {
    const DeviceLimits& limits = named.limits;
    for (Precision precision : {Precision::F32, Precision::F64})
      for (Direction direction : {Direction::Forward, Direction::Inverse}) {
        const std::string group = named.name + " " + std::string(toString(precision)) + " " + std::string(toString(direction));
        const std::size_t first = plans.size();
        for (PlanDescription d : complexDescriptions()) {
          d.precision = precision;
          d.direction = direction;
          const std::string heading = named.name + " " + d.summary();
          plans.push_back({heading, planned([&] { return passesText(planPasses(d, limits), d); })});
          if (d.dimensions == 2 && d.variant == Variant::Auto)
            plans.push_back({heading + " columns", planned([&] { return passesText(columnPassesInPlace(d, limits), d); })});
          if (d.dimensions == 2 && d.variant == Variant::Local)
            plans.push_back({heading + " transpose", planned([&] { return passesText(transposeOnlyPasses(d, limits), d); })});
          if (d.batch > 1 && d.variant == Variant::Auto)
            for (std::size_t members : chunkSizesToTry(d))
              plans.push_back({heading + " chunk=" + std::to_string(members),
                               planned([&] { return passesText(chunkedPasses(d, limits, members), d); })});
        }
        const std::pair<std::size_t, std::size_t> realShapes[] = {{1, 1024}, {1, 1000}, {1, 4097}, {1, 65536}, {1, 1 << 20},
                                                                  {1080, 1920}, {4096, 4096}, {1000, 750}, {64, 63}};
        for (const auto& [rows, cols] : realShapes)
          for (std::size_t batch : {1, 3}) {
            PlanDescription d = rows == 1 ? PlanDescription::oneD(cols, batch) : PlanDescription::twoD(rows, cols, batch);
            d.precision = precision;
            d.direction = direction;
            plans.push_back({named.name + " real " + d.summary(), planned([&] {
                               std::string text;
                               for (const RealStep& step : planRealSteps(d, limits))
                                 text += step.kernel.empty() ? passesText(step.passes, step.complex)
                                                             : passText(step.passes[0], d.precision, d.direction) +
                                                                   "    m " + std::to_string(step.m) + "\n";
                               return text;
                             })});
          }
        for (std::size_t i = first; i < plans.size(); ++i) plans[i].group = group;
      }
  }
  return plans;
}

}  // namespace fftscope
