#include "engine/planning/GroupRefusal.h"

#include "engine/planning/RegisterExchange.h"

#include <algorithm>

namespace fftscope {

bool samePasses(const std::vector<PassInfo>& a, const std::vector<PassInfo>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const PassInfo& x, const PassInfo& y) {
    return x.label() == y.label() && x.grouped.values == y.grouped.values && x.local[0] == y.local[0] && x.local[1] == y.local[1];
  });
}

std::optional<DeviceLimits> limitsAfterRefusal(const DeviceLimits& limits) {
  if (!limits.registerPasses) return std::nullopt;
  DeviceLimits next = limits;
  if (limits.registerValues != kRegisterValues)
    next.registerValues = kRegisterValues;  // more work-items, fewer registers each
  else
    next.registerPasses = false;
  return next;
}

}  // namespace fftscope
