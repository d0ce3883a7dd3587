#include "SplitChoiceReport.h"

#include "BatchBench.h"
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
#include <limits>
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
  for (std::size_t g = 0; g < set.size(); ++g)
    report["devices"].push_back({{"name", set[g].device().name}, {"upload_gbs", links[g].uploadBytesPerSecond / 1e9},
                                 {"download_gbs", links[g].downloadBytesPerSecond / 1e9},
                                 {"start_ms", links[g].startSeconds * 1e3}, {"wait_ms", links[g].waitSeconds * 1e3},
                                 {"relay_gbs", links[g].relayBytesPerSecond / 1e9},
                                {"host_copy_gbs", links[g].hostCopyBytesPerSecond / 1e9},
                                {"host_copy_alone_gbs", links[g].hostCopyAloneBytesPerSecond / 1e9},
                                 {"duplex_gbs", links[g].duplexBytesPerSecond / 1e9},
                                 {"duplex_alone_gbs", links[g].duplexAloneBytesPerSecond / 1e9}});
  if (!json) {
    std::printf("%s over %zu device(s); the plan takes %.3f ms on %s\n", d.summary().c_str(), set.size(), 1e3 * planSeconds,
                first.device().name.c_str());
    for (std::size_t g = 0; g < set.size(); ++g)
      std::printf("  %zu: %s, pinned link %.1f GB/s up, %.1f GB/s down, %.1f GB/s each way both at once, all devices at once; start %.3f ms, wait %.3f ms; relay to the next %.1f GB/s\n", g,
                  set[g].device().name.c_str(), links[g].uploadBytesPerSecond / 1e9, links[g].downloadBytesPerSecond / 1e9, links[g].duplexBytesPerSecond / 1e9,
                links[g].startSeconds * 1e3, links[g].waitSeconds * 1e3,
                links[g].relayBytesPerSecond / 1e9);
    std::printf("  both ways at once on one device alone: %.1f GB/s each way\n", links[0].duplexAloneBytesPerSecond / 1e9);
    std::printf("  host staging copies %.1f GB/s a device with every device at once, %.1f GB/s one alone\n",
                links[0].hostCopyBytesPerSecond / 1e9, links[0].hostCopyAloneBytesPerSecond / 1e9);
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
