// The planner against device limits no real device reports but a driver (or a caller) could:
// found by tests/fuzz/plan_description.cpp, where a work-group size of 0 divided by zero.
#include "engine/planning/PassPlan.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace fftscope {
namespace {

TEST(PassPlanLimits, RefusesAWorkGroupSizeOfZero) {
  for (const PlanDescription& d : {PlanDescription::oneD(1024), PlanDescription::twoD(64, 128, 2)}) {
    try {
      planPasses(d, DeviceLimits{32768, 0});
      ADD_FAILURE() << "planned " << d.summary() << " for work-groups of 0";
    } catch (const std::invalid_argument& e) {
      EXPECT_STREQ(e.what(), "the device reports a maximum work-group size of 0");
    }
  }
}

TEST(PassPlanLimits, PlansForAWorkGroupOfOne) {
  const std::vector<PassInfo> passes = planPasses(PlanDescription::oneD(256), DeviceLimits{32768, 1});
  ASSERT_FALSE(passes.empty());
  for (const PassInfo& pass : passes) EXPECT_EQ(pass.local[0] * pass.local[1] * pass.local[2], 1u) << pass.label();
}

}  // namespace
}  // namespace fftscope
