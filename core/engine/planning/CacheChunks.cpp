#include "engine/planning/CacheChunks.h"

#include "engine/planning/PassPlan.h"

#include <algorithm>

namespace fftscope {

bool chunkable(const std::vector<PassInfo>& passes) {
  return passes.size() >= 2 &&
         std::all_of(passes.begin(), passes.end(), [](const PassInfo& p) { return p.kind == PassKind::Grouped; });
}

std::size_t chunkMembers(const PlanDescription& d, std::uint64_t bytes) {
  const std::uint64_t memberBytes = d.points() * bytesPerComplex(d.precision);
  for (std::size_t members = d.batch / 2; members >= 1; --members)
    if (d.batch % members == 0 && members * memberBytes <= bytes) return members;
  return 0;
}

std::vector<PassInfo> chunkedPasses(const PlanDescription& d, const DeviceLimits& limits, std::size_t members) {
  if (members == 0 || members >= d.batch || d.batch % members != 0) return {};
  PlanDescription chunk = d;
  chunk.batch = members;
  DeviceLimits whole = limits;
  whole.cacheChunkBytes = 0;
  std::vector<PassInfo> passes = planPasses(chunk, whole);
  if (!chunkable(passes)) return {};
  for (PassInfo& p : passes) p.chunks = d.batch / members;
  return passes;
}

std::vector<std::size_t> chunkSizesToTry(const PlanDescription& d) {
  std::vector<std::size_t> sizes;
  for (std::uint64_t mib : {4, 8, 16, 32}) {
    const std::size_t members = chunkMembers(d, mib << 20);
    if (members > 0 && std::find(sizes.begin(), sizes.end(), members) == sizes.end()) sizes.push_back(members);
  }
  return sizes;
}

}  // namespace fftscope
