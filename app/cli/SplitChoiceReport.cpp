#include "SplitChoiceReport.h"

#include "BatchBench.h"
#include "LinkReport.h"
#include "SplitTiming.h"
#include "engine/cl/DeviceSet.h"
#include "engine/multi/HostPipeline.h"
#include "engine/multi/LinkBandwidth.h"
#include "engine/multi/SplitChoice.h"
#include "engine/multi/ThesisSplit.h"
#include "engine/runtime/Plan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <utility>

namespace fftscope::cli {

int printSplitChoice(const PlanDescription& d, const std::string& list, const std::string& only, bool json) {
  const cl::DeviceSet set(list, only);
  cl::DeviceContext& first = set[0];
  // The whole plan on the first device: its time on the device's clock.
  Plan plan(first, d);
  cl::Buffer in = first.buffer(d.bytes()), out = first.buffer(d.bytes());
  const double planSeconds = planDeviceSeconds(plan, in.get(), out.get());
  const std::vector<multi::LinkFigures> links =
      multi::measureLinks(set.devices(), std::min<std::size_t>(d.bytes(), std::size_t{256} << 20));

  // One huge transform from the host: the host's butterfly step and merge of the thesis split,
  // measured on up to 2^24 points (ThesisSplit::stagingRate).
  double thesisStaging = 0;
  if (set.size() > 1 && d.batch == 1 && d.dimensions == 1 && d.points() % set.size() == 0) {
    const std::size_t n = std::min<std::size_t>(d.points(), std::size_t{1} << 24);
    thesisStaging = d.precision == Precision::F64 ? multi::ThesisSplit<double>::stagingRate(set.size(), n, d.direction)
                                                  : multi::ThesisSplit<float>::stagingRate(set.size(), n, d.direction);
  }
  nlohmann::ordered_json report = {{"description", d.summary()}, {"plan_ms", 1e3 * planSeconds},
                                   {"thesis_staging_gbs", thesisStaging / 1e9}};
  report["devices"] = linksJson(set.devices(), links);
  if (!json) {
    std::printf("%s over %zu device(s); the plan takes %.3f ms on %s\n", d.summary().c_str(), set.size(), 1e3 * planSeconds,
                first.device().name.c_str());
    printLinks(set.devices(), links);
    if (thesisStaging > 0)
      std::printf("  the thesis split's butterfly step and merge on the host: %.1f GB/s a device\n", thesisStaging / 1e9);
  }
  // Data in pinned host memory is the host's case with no copies into pinned chunks.
  const std::vector<multi::LinkFigures> pinnedLinks = pinnedHostLinks(set.devices(), links);
  const std::pair<multi::Placement, bool> places[] = {{multi::Placement::Host, false},
                                                      {multi::Placement::Host, true},
                                                      {multi::Placement::EachDevice, false},
                                                      {multi::Placement::OneDevice, false}};
  for (const auto& [placement, pinned] : places) {
    if (placement == multi::Placement::EachDevice && d.batch < 2) continue;
    if (pinned && d.batch < 2) continue;  // the huge splits stage through the host's own work
    const multi::SplitWork work{double(d.bytes()), d.batch, d.dimensions == 1, d.points(), planSeconds,
                                std::max<std::size_t>(1, plan.passes().size()), pinned ? pinnedLinks : links, placement,
                                double(multi::roundItems(d) * (d.bytes() / std::max<std::size_t>(1, d.batch))),
                                double(multi::stagingChunkBytes()), thesisStaging};
    const auto predictions = multi::predictSplits(work);
    const std::string why = multi::whyChosen(predictions, placement);
    const std::string where = std::string(multi::toString(placement)) + (pinned ? " (pinned memory)" : "");
    nlohmann::ordered_json entry = {{"data_on", where}, {"auto", multi::cheapest(predictions).name}, {"why", why}};
    if (!json) std::printf("data on %s: auto takes %s\n", where.c_str(), why.c_str());
    for (const auto& p : predictions) {
      entry["predictions"].push_back({{"choice", p.name}, {"predicted_ms", 1e3 * p.seconds}, {"why", p.why}});
      if (!json) std::printf("  %-11s %10.3f ms  %s\n", p.name.c_str(), 1e3 * p.seconds, p.why.c_str());
    }
    report["placements"].push_back(entry);
  }
  if (json) std::printf("%s\n", report.dump(2).c_str());
  return 0;
}

}  // namespace fftscope::cli
