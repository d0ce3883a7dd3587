// The plans the engine can run for one description on one device, each with an estimated cost:
// FFTW's planner in miniature. `auto` runs the cheapest estimate, or the candidate a measurement
// found fastest (Wisdom.h, PlanChoice.h). Plain data: no device needed.
//
// Candidates, by name: "grouped" (grouped passes, where the device's compiler builds them
// quickly), "local" (local_fft and radix passes), "r16", "r8", "r4", "r2" (Stockham passes
// alone); in 2D the name adds how the columns are reached: "/tiled" or "/padded" (transposes)
// or "/none" (columns read in place). A 1D length by Bluestein adds auto's plan over other
// convolution lengths: "auto M=147456"; a batch whose plan runs in chunks through the L2 cache
// adds auto's plan in chunks of a few members: "auto chunk=2"; one by Bluestein split into
// columns and rows adds auto's plan with the twiddles between them moved, "auto twiddles=columns",
// and over the other splits of its padded rows, "auto split=1024x2048"; grouped plans add auto's
// plan under planner settings that won on some shapes and lost on others, "auto one-round" and
// "auto composites=24". A candidate the device cannot run is absent.
//
// Cost, in passes over the data (one read and one write of every point = 1): each launch's bytes
// over twice the data's bytes, times the pass kind's factor (StagePlanner's table for radix
// passes; more for a local_fft that reads columns in place or the interleaved sub-transforms of a
// long row, whose loads use a part of each memory sector), plus a launch cost.
#pragma once

#include "engine/description/PlanDescription.h"
#include "engine/planning/PassPlan.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope {

struct PlanCandidate {
  std::string name;  // "local", "r16/tiled", "grouped/none", ...
  std::vector<PassInfo> passes;
  std::uint64_t bytes = 0;  // read and written over global memory by all launches
  double cost = 0;          // estimated, in passes over the data
  bool autoEstimate = false;  // the plan `auto` makes by its own rules (planPasses)
  // Taken only when a measurement finds it fastest (Bluestein's other lengths, whose byte count
  // leaves out the arithmetic the length's own estimate weighs).
  bool measureOnly = false;

  std::size_t launches() const { return launchCount(passes); }
};

// Every candidate for `description` (its variant and transpose are the planner's to choose; its
// shape, batch, precision, direction and twiddle are kept), cheapest first; among equal costs,
// auto's estimate first. Throws std::invalid_argument for an invalid description.
std::vector<PlanCandidate> planCandidates(const PlanDescription& description, const DeviceLimits& limits);

// The candidate of that name, or none where it does not exist (any more) for the description.
std::optional<PlanCandidate> findCandidate(const std::vector<PlanCandidate>& candidates, std::string_view name);

// The estimated cost of a list of passes for the description's data, as above.
double estimatedCost(const std::vector<PassInfo>& passes, const PlanDescription& description);

}  // namespace fftscope
