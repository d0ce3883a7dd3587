// Why local_fft pads its local memory: the bank of every local-memory access of one warp, stage
// by stage, with the kernel's padding (one element per 16, LPAD in local_fft.cl) and without it.
//
// Model: 32 banks of 4-byte words; an access of the warp takes as many passes as the most
// distinct words any one bank must serve ("ways"; 1 = conflict-free). A complex element spans
// 2 words (f32) or 4 (f64). Work-items are those of work-group 0 in linear-id order; each
// sub-transform of the group (local id 1) has its own padded row of local memory.
// Legend: M, R, W = M/R, p, k, i as in StockhamMapping.h; stage s writes element
// (i − k)·R + k + m·p of its row and stage s + 1 reads element i + m·W (the tail: i + q·W + m·M/R_tail).
#pragma once

#include "engine/planning/PassPlan.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fftscope::graph {

struct LocalAccess {
  std::size_t stage = 0;               // the stage inside the launch that writes or reads
  bool write = false;
  int slot = 0;                        // m (tail reads: q·R_tail + m)
  std::vector<std::uint64_t> elements; // by active work-item: element index in local memory, padded
  std::size_t ways = 0;                // with the kernel's padding
  std::size_t waysWithoutPadding = 0;  // the same access into an unpadded row
};

struct LocalMemoryView {
  std::size_t activeWorkItems = 0;
  std::size_t wordsPerElement = 2;
  std::vector<LocalAccess> accesses;   // stage order; each stage's writes, then the next stage's reads
};

// For a local_fft pass (std::invalid_argument otherwise). A launch of one stage has no accesses.
LocalMemoryView localMemoryView(const PassInfo& pass, Precision precision, std::size_t warpWidth = 32,
                                std::size_t banks = 32);

}  // namespace fftscope::graph
