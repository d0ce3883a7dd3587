#include "engine/multi/HugeSplitCost.h"

#include <algorithm>
#include <stdexcept>

namespace fftscope::multi {

namespace {

double rate(double link, double staging) { return staging > 0 ? std::min(link, staging) : link; }
double up(double bytes, const LinkFigures& l) { return bytes / rate(l.uploadBytesPerSecond, l.stagingBytesPerSecond); }
double down(double bytes, const LinkFigures& l) { return bytes / rate(l.downloadBytesPerSecond, l.stagingBytesPerSecond); }

void checkFigures(std::span<const LinkFigures> links, std::span<const double> times, std::size_t holder) {
  if (links.empty() || links.size() != times.size() || holder >= links.size())
    throw std::invalid_argument("a split's cost needs one link and one plan time for each device");
  for (const LinkFigures& l : links)
    if (!(l.uploadBytesPerSecond > 0) || !(l.downloadBytesPerSecond > 0))
      throw std::invalid_argument("a split's cost needs each link's bandwidth in both directions");
}

// One stage over every device: bytes / G up, the device's share, bytes / G down.
double stage(double bytes, std::span<const LinkFigures> links, std::span<const double> seconds) {
  const double share = bytes / double(links.size());
  double slowest = 0;
  for (std::size_t g = 0; g < links.size(); ++g)
    slowest = std::max(slowest, links[g].startSeconds + up(share, links[g]) + seconds[g] + down(share, links[g]));
  return slowest;
}

}  // namespace

double oneDeviceSeconds(double bytes, const LinkFigures& link, double planSeconds, bool dataOnDevice) {
  return dataOnDevice ? link.waitSeconds + planSeconds : up(bytes, link) + planSeconds + down(bytes, link);
}

double relaySeconds(double bytes, const LinkFigures& from, const LinkFigures& to, double chunkBytes) {
  const double slower = from.relayBytesPerSecond > 0 ? from.relayBytesPerSecond
                                                    : std::min(from.downloadBytesPerSecond, to.uploadBytesPerSecond);
  const double faster = std::max(from.downloadBytesPerSecond, to.uploadBytesPerSecond);
  return bytes / slower + std::min(bytes, chunkBytes) / faster;
}

double thesisSplitSeconds(double bytes, std::span<const LinkFigures> links, std::span<const double> shareSeconds,
                          bool dataOnDevice, std::size_t holder, double holderPassSeconds,
                          std::optional<double> relayChunkBytes) {
  checkFigures(links, shareSeconds, holder);
  if (!dataOnDevice) return stage(bytes, links, shareSeconds);
  const double share = bytes / double(links.size());
  if (relayChunkBytes) {
    double relays = 0, slowest = 0;
    for (std::size_t g = 0; g < links.size(); ++g) {
      slowest = std::max(slowest, links[g].startSeconds + shareSeconds[g]);
      if (g != holder)
        relays += relaySeconds(share, links[holder], links[g], *relayChunkBytes) +
                  relaySeconds(share, links[g], links[holder], *relayChunkBytes);
    }
    return holderPassSeconds + relays + slowest;
  }
  // Several shares a device: every share, the holder's own too, leaves the holder for the host's
  // memory, goes up to its device and back, and returns to the holder for the merge.
  double slowest = 0;
  for (std::size_t g = 0; g < links.size(); ++g)
    slowest = std::max(slowest, links[g].startSeconds + up(share, links[g]) + shareSeconds[g] + down(share, links[g]));
  return holderPassSeconds + down(bytes, links[holder]) + slowest + up(bytes, links[holder]);
}

double fourStepSplitSeconds(double bytes, std::span<const LinkFigures> links, std::span<const double> columnSeconds,
                            std::span<const double> rowSeconds, bool dataOnDevice, std::size_t holder) {
  checkFigures(links, columnSeconds, holder);
  checkFigures(links, rowSeconds, holder);
  const double stages = stage(bytes, links, columnSeconds) + stage(bytes, links, rowSeconds);
  return dataOnDevice ? down(bytes, links[holder]) + stages + up(bytes, links[holder]) : stages;
}

}  // namespace fftscope::multi
