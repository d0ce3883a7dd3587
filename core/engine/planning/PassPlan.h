// How to compute: the kernel launches of a plan, in order, as plain data. The same list drives
// the baked plan, `fftscope-cli plan` and the butterfly explorer.
#pragma once

#include "engine/description/DeviceLimits.h"
#include "engine/description/PassInfo.h"
#include "engine/description/PlanDescription.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fftscope {

// Where a split's twiddles go: limits.splitTwiddles where set, otherwise FirstColumn in f32 and
// Rows in f64, whose first column pass, waiting on memory, loses more by them than its row pass
// gains (docs/engine.md).
SplitTwiddles splitTwiddlesFor(const DeviceLimits& limits, Precision precision);

// The largest row (power of two) one work-group can transform in local memory.
std::size_t largestLocalPoints(Precision precision, const DeviceLimits& limits);

// The passes for a validated description; throws std::invalid_argument for what the device
// cannot run (e.g. work-groups too small for any transpose tile).
std::vector<PassInfo> planPasses(const PlanDescription& description, const DeviceLimits& limits);

// Every grouped pass over more than one row (or Rader's permutation, rows last to first) that
// follows such a pass in natural order takes its lanes last to first, where limits.reverseGroups
// says so, but a pass where Bluestein's or Rader's FFTs meet.
void alternateGroupOrder(std::vector<PassInfo>& passes, const DeviceLimits& limits);

// Whether a 2D plan transforms its columns in place by grouped passes, without transposes:
// `auto` on a device with grouped passes, a column length that needs no Bluestein stage and that
// the grouped planner cuts for these columns.
bool columnsInPlace(const PlanDescription& description, const DeviceLimits& limits);

// The column stage of a 2D description alone, as planPasses runs it where columnsInPlace holds:
// batch x cols columns of `rows` points read in place (cols apart), input to output, the inverse
// scaled by 1/rows. For plans that transform their rows themselves (RealPlan's half spectra).
// Throws std::invalid_argument where columnsInPlace does not hold.
std::vector<PassInfo> columnPassesInPlace(const PlanDescription& description, const DeviceLimits& limits);

// A transpose alone of `batch` rows x cols matrices, input to output (for tests and benchmarks).
std::vector<PassInfo> transposeOnlyPasses(const PlanDescription& description, const DeviceLimits& limits);

// How many scratch buffers the passes use (0 to 4: slots kScratchA .. kScratchD).
int scratchBuffersUsed(const std::vector<PassInfo>& passes);

// The elements a buffer slot must hold: `elements` (the data's), or more for Bluestein's
// padded rows.
std::size_t slotElements(const std::vector<PassInfo>& passes, int slot, std::size_t elements);

// Kernel launches and bytes read and written by one enqueue of the passes, every chunk counted.
std::size_t launchCount(const std::vector<PassInfo>& passes);
std::uint64_t bytesMoved(const std::vector<PassInfo>& passes);

// Whether a pass is one of Bluestein's element-wise chirp passes (kernels/bluestein.cl).
bool isBluesteinPass(const PassInfo& pass);

}  // namespace fftscope
