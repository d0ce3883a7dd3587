// The plans plan_signatures prints (PlanSignatures.cpp): each a heading (description, limits,
// how it was planned) and the text of its passes.
#pragma once

#include <string>
#include <vector>

namespace fftscope {

struct SignedPlan {
  std::string heading;
  std::string text;
  std::string group = {};  // the limits' name, precision and direction: the checked file has one hash a group
};

std::vector<SignedPlan> signedPlans();

}  // namespace fftscope
