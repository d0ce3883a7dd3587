// Why a pass is fast or slow: the global-memory addresses the first W work-items of a launch
// (one warp) read and write, instruction by instruction, and the 128-byte segments they fall
// in. A warp-wide access of neighbouring elements touches the fewest segments (coalesced); a
// strided one touches up to one segment per work-item.
//
// Legend: W = warp width (work-items), E = bytes per complex element (8 for f32, 16 for f64),
// slot = the m of the load or store inside the work-item (one warp-wide instruction each).
// Addresses are bytes from the start of the buffer. Work-items are those of work-group 0, in
// the order of their linear local id (id0 + id1·size0), as hardware forms warps.
#pragma once

#include "engine/planning/PassPlan.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fftscope::graph {

struct WarpAccess {
  bool write = false;
  int slot = 0;                          // m (for local_fft's tail: q·TAIL_RADIX + m)
  std::vector<std::uint64_t> addresses;  // by active work-item of the warp
  std::vector<std::uint64_t> segments;   // address / segment bytes, by work-item
  std::size_t segmentsTouched = 0;       // distinct segments
  std::size_t minimumSegments = 0;       // segments the bytes would need if contiguous and aligned
  std::size_t contiguousRuns = 0;        // maximal byte-contiguous ranges (1 = coalesced)
};

struct PassAccessView {
  std::size_t launch = 0;       // index in the plan's passes
  std::string label;            // PassInfo::label()
  std::size_t warpWidth = 32;
  std::size_t activeWorkItems = 0;  // of the first warpWidth (small launches have fewer)
  std::size_t elementBytes = 8;
  std::size_t segmentBytes = 128;
  std::vector<WarpAccess> reads;
  std::vector<WarpAccess> writes;
  // Bytes the warp moves / bytes of the segments it touches (1 = every fetched byte used).
  double readEfficiency = 0.0;
  double writeEfficiency = 0.0;
};

// A Stockham or local_fft pass (std::invalid_argument for others). local_fft's reads are those
// of its first stage and its writes those of its last; its stages between go through local memory.
PassAccessView memoryAccessView(const PassInfo& pass, Precision precision, std::size_t warpWidth = 32,
                                std::size_t segmentBytes = 128);
// One view per Stockham or local_fft pass of a plan (others are skipped), launch set.
std::vector<PassAccessView> memoryAccessViews(const std::vector<PassInfo>& passes, Precision precision,
                                              std::size_t warpWidth = 32, std::size_t segmentBytes = 128);

}  // namespace fftscope::graph
