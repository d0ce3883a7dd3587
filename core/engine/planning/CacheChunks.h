// Batched transforms whose plan goes through global memory more than once, run a few batch
// members at a time: every launch of the plan for one chunk of the batch, then the next chunk,
// through scratch one chunk long that every chunk reuses. What one pass writes, the next then
// reads from the L2 cache while it is still there, so that memory sees about one read and one
// write of the data instead of one a pass (the thesis's "breadth first, then depth first once a
// sub-transform fits the cache", seed 004; SPEED.md, change 4). Grouped passes take the chunk's
// place in the input and output as offsets (kernels/grouped_fft.cl); other kernels are not run
// in chunks. Plain data: no device needed.
#pragma once

#include "engine/description/DeviceLimits.h"
#include "engine/description/PassInfo.h"
#include "engine/description/PlanDescription.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fftscope {

// Whether passes can run in chunks: two or more launches, every one a grouped pass.
bool chunkable(const std::vector<PassInfo>& passes);

// Batch members a chunk holds: the largest divisor of the batch below the batch whose members
// take at most `bytes`; 0 where there is none (a batch of 1, or one member above `bytes`).
std::size_t chunkMembers(const PlanDescription& description, std::uint64_t bytes);

// The plan of `description` run in chunks of `members` batch members: the passes planned for one
// chunk, each marked with the number of chunks. Empty where that plan is not chunkable or
// `members` does not divide the batch.
std::vector<PassInfo> chunkedPasses(const PlanDescription& description, const DeviceLimits& limits,
                                    std::size_t members);

// Members a chunk holds for chunks of at most 4, 8, 16 and 32 MiB, the distinct ones, smallest
// first: the chunk sizes a measurement tries (PlanCandidates.h).
std::vector<std::size_t> chunkSizesToTry(const PlanDescription& description);

}  // namespace fftscope
