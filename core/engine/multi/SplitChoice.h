// The batch split's predicted time, and `auto`: one device against each split that applies, from
// the links' measured figures (LinkBandwidth.h) and one device's time for the whole plan. A
// device's share of the work is taken to cost the plan's time in proportion to its share of the
// data; the thesis split's butterfly step and merge on a holder cost a pass of the plan each.
#pragma once

#include "engine/multi/HugeSplitCost.h"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace fftscope::multi {

// Where the data starts and ends: the host; each device holding its share (the batch split's
// placement on the devices; one device's figure then has the whole on device 0); or the whole
// on one device (devices[0]), where every split sends the other shares through the host.
enum class Placement { Host, EachDevice, OneDevice };
const char* toString(Placement placement);

// The batch split: device g takes shares[g] items of the batch and shareSeconds[g] to transform them
// (with each share on its device, by the device's clock, and the host's wait for it is added;
// otherwise as BatchSplit::transformSeconds gives them). Each device's start is added.
// A share that goes through the host takes rounds of roundBytes (HostPipeline.h; 0: one round):
// one round passes every stage (the host's copy in, the link up, the transform, the link down, the
// host's copy out), then each further round costs the transform or the host memory's work,
// whichever is longer: the host's two copies at its measured copy rate
// (LinkFigures::hostCopyBytesPerSecond, or ...Alone where one device takes the whole; none for
// data in pinned memory, measured as 0) and the two directions' transfers at their rate with both
// at once (duplexBytesPerSecond, or ...Alone), one after another. With the whole on devices[holder],
// each other share is relayed to its device before the transforms and back after them, one after
// another, in chunks of relayChunkBytes (relaySeconds, HugeSplitCost.h).
double batchSplitSeconds(double bytes, std::span<const LinkFigures> links, std::span<const std::size_t> shares,
                         std::span<const double> shareSeconds, Placement placement, std::size_t holder = 0,
                         double roundBytes = 0, double relayChunkBytes = 0);

struct SplitWork {
  double bytes = 0;          // the whole transform's data
  std::size_t batch = 1;     // items of the batch
  bool oneD = true;          // a 1D transform (the huge splits need one, unbatched)
  std::size_t points = 0;    // points a transform
  double planSeconds = 0;    // one device's plan of the whole
  std::size_t planPasses = 2;  // its passes over the data
  std::vector<LinkFigures> links;  // one a device, the first the one device
  Placement placement = Placement::Host;
  double roundBytes = 0;  // the batch split's rounds through the host (0: one round a share)
  double relayChunkBytes = 0;  // the chunks of a relay between devices (DeviceRelay.h)
  // The host's butterfly step and merge of the thesis split from the host, bytes a second a device
  // (ThesisSplit::stagingRate; 0: the links set the pace).
  double thesisStagingBytesPerSecond = 0;
};

struct SplitPrediction {
  std::string name;  // "one device", "batch", "thesis", "four-step"
  double seconds = 0;
  std::string why;
};

// One device first, then each split that applies to the work over links.size() devices.
std::vector<SplitPrediction> predictSplits(const SplitWork& work);
// The cheapest, where it is predicted at least 10% faster than one device; else one device.
const SplitPrediction& cheapest(const std::vector<SplitPrediction>& predictions);
// Why the cheapest won, in a sentence (the margin over one device, or what holds the split back).
std::string whyChosen(const std::vector<SplitPrediction>& predictions, Placement placement);

}  // namespace fftscope::multi
