// The plan options shared by the commands: --variant, --twiddle, --transpose, --precision,
// --inverse, and the device choice --device.
#pragma once

#include "Args.h"
#include "engine/PlanDescription.h"
#include "engine/cl/Devices.h"

#include <set>
#include <string>

namespace fftscope::cli {

inline const std::set<std::string> kPlanValueOptions{"variant", "twiddle", "transpose", "precision", "device"};

// Fills the variant fields of `d` from the options present.
inline void applyPlanOptions(const Args& args, PlanDescription& d) {
  if (args.has("variant")) d.variant = parseVariant(args.value("variant"));
  if (args.has("twiddle")) d.twiddle = parseTwiddleMode(args.value("twiddle"));
  if (args.has("transpose")) d.transpose = parseTransposeMode(args.value("transpose"));
  if (args.has("precision")) d.precision = parsePrecision(args.value("precision"));
  if (args.has("inverse")) d.direction = Direction::Inverse;
}

}  // namespace fftscope::cli
