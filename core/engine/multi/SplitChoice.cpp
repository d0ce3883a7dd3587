#include "engine/multi/SplitChoice.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace fftscope::multi {

namespace {

double rate(double link, double staging) { return staging > 0 ? std::min(link, staging) : link; }
double up(double bytes, const LinkFigures& l) { return bytes / rate(l.uploadBytesPerSecond, l.stagingBytesPerSecond); }
double down(double bytes, const LinkFigures& l) { return bytes / rate(l.downloadBytesPerSecond, l.stagingBytesPerSecond); }

std::string ms(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f ms", seconds * 1e3);
  return text;
}

bool staysOn(Placement placement, std::size_t g, std::size_t holder) {
  return placement == Placement::EachDevice || (placement == Placement::OneDevice && g == holder);
}

// A share from the host and back in `rounds` rounds (HostPipeline.h). After the first, a round
// costs the transform or the host's memory's work, whichever is longer: the host's copies in and
// out and both links' transfers one after another (measured, they share the host's memory rather
// than overlap: two H200s of one host, 2026-11-29), each direction at the rate measured with both
// at once where it was.
double throughHost(double share, double rounds, const LinkFigures& l, double seconds, double hostRate, double duplex) {
  const double c = share / rounds;
  const double copy = hostRate > 0 ? c / hostRate : 0;
  const double u = up(c, l), d = down(c, l), t = seconds / rounds;
  const double links = duplex > 0 ? std::max(c / duplex, std::max(u, d)) : std::max(u, d);
  // Within a round the chunks overlap the host's copy with the link.
  const double first = std::max(copy, u) + t + std::max(d, copy);
  return first + (rounds - 1) * std::max(t, 2 * copy + links);
}

}  // namespace

const char* toString(Placement placement) {
  switch (placement) {
    case Placement::Host: return "host";
    case Placement::EachDevice: return "each device";
    case Placement::OneDevice: return "one device";
  }
  return "?";
}

double batchSplitSeconds(double bytes, std::span<const LinkFigures> links, std::span<const std::size_t> shares,
                         std::span<const double> shareSeconds, Placement placement, std::size_t holder, double roundBytes,
                         double relayChunkBytes) {
  if (links.empty() || links.size() != shares.size() || links.size() != shareSeconds.size() || holder >= links.size())
    throw std::invalid_argument("the batch split's cost needs one link, share and time for each device");
  std::size_t items = 0, viaHost = 0;
  for (std::size_t g = 0; g < shares.size(); ++g) {
    items += shares[g];
    if (shares[g] > 0 && !staysOn(placement, g, holder)) ++viaHost;
  }
  if (items == 0) throw std::invalid_argument("the batch split's cost needs a batch of at least one item");
  const double itemBytes = bytes / double(items);
  const double perRound = roundBytes > 0 ? std::max(1.0, std::floor(roundBytes / itemBytes)) : double(items);
  double slowest = 0, relays = 0;
  for (std::size_t g = 0; g < links.size(); ++g) {
    if (shares[g] == 0) continue;
    const double share = itemBytes * double(shares[g]);
    const LinkFigures& l = links[g];
    const bool alone = viaHost == 1;
    const double host = alone && l.hostCopyAloneBytesPerSecond > 0 ? l.hostCopyAloneBytesPerSecond : l.hostCopyBytesPerSecond;
    const double duplex = alone && l.duplexAloneBytesPerSecond > 0 ? l.duplexAloneBytesPerSecond : l.duplexBytesPerSecond;
    // With the whole on the holder, the others' shares are relayed to them first and back last.
    const bool relayed = placement == Placement::OneDevice && g != holder;
    const double work = staysOn(placement, g, holder) || relayed
                            ? shareSeconds[g]
                            : throughHost(share, std::ceil(double(shares[g]) / perRound), l, shareSeconds[g], host, duplex);
    // Each share on its device is timed by the device's clock; the host then waits for it too.
    const double wait = placement == Placement::EachDevice ? l.waitSeconds : 0;
    slowest = std::max(slowest, l.startSeconds + wait + work);
    if (relayed)
      relays += relaySeconds(share, links[holder], l, relayChunkBytes) + relaySeconds(share, l, links[holder], relayChunkBytes);
  }
  return relays + slowest;
}

std::vector<SplitPrediction> predictSplits(const SplitWork& w) {
  if (w.links.empty()) throw std::invalid_argument("a split's prediction needs at least one device's link");
  const std::size_t g = w.links.size();
  const bool onDevice = w.placement != Placement::Host;
  std::vector<SplitPrediction> out;
  // A batch from the host goes through one device's pipeline as through the split's; one device
  // alone pays no start of several.
  LinkFigures alone = w.links[0];
  alone.startSeconds = 0;
  const double batchOnOne = w.batch >= 2 && !onDevice
                                ? batchSplitSeconds(w.bytes, std::span(&alone, 1), std::vector<std::size_t>{w.batch},
                                                    std::vector<double>{w.planSeconds}, Placement::Host, 0, w.roundBytes)
                                : oneDeviceSeconds(w.bytes, w.links[0], w.planSeconds, onDevice);
  out.push_back({"one device", batchOnOne,
                 onDevice         ? "the plan alone, " + ms(w.planSeconds) + ": the data is already there"
                 : w.batch >= 2 ? std::string("in rounds through one link, ") +
                                      (alone.hostCopyBytesPerSecond > 0 || alone.hostCopyAloneBytesPerSecond > 0 ? "the host's copies and " : "") +
                                      "the plan (" + ms(w.planSeconds) + ") beside them"
                                  : "up, the plan (" + ms(w.planSeconds) + "), down, through one link"});
  if (g < 2) return out;
  if (w.batch >= 2) {
    std::vector<double> weights(g, 1.0);
    std::vector<std::size_t> shares(g);
    std::vector<double> seconds(g);
    for (std::size_t d = 0; d < g; ++d) shares[d] = w.batch / g + (d < w.batch % g ? 1 : 0);
    for (std::size_t d = 0; d < g; ++d) seconds[d] = w.planSeconds * double(shares[d]) / double(w.batch);
    std::string why = std::to_string(g) + " shares of about " + std::to_string(w.batch / g) + " items";
    why += w.placement == Placement::EachDevice ? ", each already on its device"
           : w.placement == Placement::OneDevice ? "; the others' shares relayed to their devices and back"
                                                 : ", each through its own link at once";
    out.push_back({"batch", batchSplitSeconds(w.bytes, w.links, shares, seconds, w.placement, 0, w.roundBytes, w.relayChunkBytes),
                   why});
  }
  // The huge splits take the whole from the host or from one device.
  const bool whole = w.batch == 1 && w.oneD && w.placement != Placement::EachDevice;
  if (whole && w.points % g == 0) {
    const std::vector<double> seconds(g, w.planSeconds / double(g));
    const double passes = 2.0 * w.planSeconds / double(std::max<std::size_t>(1, w.planPasses));
    // One share a device is relayed between the devices; longer shares than one plan takes wait
    // in the host's memory (ThesisSplit.h).
    const bool relayed = w.points / g <= kLongestThesisShare;
    std::vector<LinkFigures> staged = w.links;
    if (!onDevice)
      for (LinkFigures& link : staged) link.stagingBytesPerSecond = w.thesisStagingBytesPerSecond;
    out.push_back({"thesis", thesisSplitSeconds(w.bytes, staged, seconds, onDevice, 0, passes,
                                                relayed ? std::optional<double>(w.relayChunkBytes) : std::nullopt),
                   onDevice ? (relayed ? "a butterfly step and a merge on the holder, the other shares relayed between the devices"
                                       : "a butterfly step and a merge on the holder, the other shares through the host")
                            : "the butterfly step done while staging: each device receives only its share"});
  }
  if (whole) {
    const std::vector<double> seconds(g, w.planSeconds / double(2 * g));
    out.push_back({"four-step", fourStepSplitSeconds(w.bytes, w.links, seconds, seconds, onDevice),
                   "two stages through the links, an exchange through the host between them"});
  }
  return out;
}

const SplitPrediction& cheapest(const std::vector<SplitPrediction>& predictions) {
  if (predictions.empty()) throw std::invalid_argument("no prediction to choose from");
  // A split must be predicted 10% faster than one device: where the two are closer, what the model
  // misses (a start measured with a tiny fill, the host's memory shared with other work) could make
  // `auto` slower than staying on one device.
  constexpr double kSplitMargin = 1.1;
  const SplitPrediction& one = predictions.front();
  const SplitPrediction* best = &one;
  for (const SplitPrediction& p : predictions)
    if (p.seconds < best->seconds && p.seconds * kSplitMargin < one.seconds) best = &p;
  return *best;
}

std::string whyChosen(const std::vector<SplitPrediction>& predictions, Placement placement) {
  const SplitPrediction& best = cheapest(predictions);
  const SplitPrediction& one = predictions.front();
  char text[160];
  if (&best != &one) {
    std::snprintf(text, sizeof text, "the %s split, predicted %.2fx one device", best.name.c_str(), one.seconds / best.seconds);
    return text;
  }
  if (predictions.size() == 1) return "one device: there is no other to split over, or no split applies";
  for (const SplitPrediction& p : predictions)
    if (p.seconds < one.seconds) {
      std::snprintf(text, sizeof text, "one device: the %s split is predicted only %.2fx faster, inside what the model misses",
                    p.name.c_str(), one.seconds / p.seconds);
      return text;
    }
  if (placement == Placement::OneDevice)
    return "one device: the data is already there, and moving shares through the host costs more than the transform saves";
  return "one device: every split's copies cost more than it saves";
}

}  // namespace fftscope::multi
