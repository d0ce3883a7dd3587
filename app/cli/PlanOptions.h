// The plan options shared by the commands: --variant, --twiddle, --transpose, --precision,
// --inverse, and the device choice --device, registered on a command and applied to a description.
#pragma once

#include "Options.h"
#include "engine/description/PlanDescription.h"

#include <string>

namespace fftscope::cli {

struct PlanOptions {
  std::string variant, twiddle, transpose, precision, device;
  bool inverse = false;
};

inline void addDeviceOption(CLI::App& command, std::string& device) {
  command.add_option("--device", device,
                     "an index from `devices` or part of a device's name (FFTSCOPE_DEVICE does the same)");
}

inline void addPlanOptions(CLI::App& command, PlanOptions& o) {
  command.add_option("--variant", o.variant, "r2, r4, r8, r16, local or auto")
      ->check(parsedBy("VARIANT", [](const std::string& s) { parseVariant(s); }));
  command.add_option("--twiddle", o.twiddle, "table, sincos, native or recurrence")
      ->check(parsedBy("TWIDDLE", [](const std::string& s) { parseTwiddleMode(s); }));
  command.add_option("--transpose", o.transpose, "naive, tiled, padded or none (2D)")
      ->check(parsedBy("TRANSPOSE", [](const std::string& s) { parseTransposeMode(s); }));
  command.add_option("--precision", o.precision, "f32 or f64")
      ->check(parsedBy("PRECISION", [](const std::string& s) { parsePrecision(s); }));
  command.add_flag("--inverse", o.inverse, "the inverse transform, scaled by 1/N");
  addDeviceOption(command, o.device);
}

// Fills the variant fields of `d` from the options given.
inline void applyPlanOptions(const PlanOptions& o, PlanDescription& d) {
  if (!o.variant.empty()) d.variant = parseVariant(o.variant);
  if (!o.twiddle.empty()) d.twiddle = parseTwiddleMode(o.twiddle);
  if (!o.transpose.empty()) d.transpose = parseTransposeMode(o.transpose);
  if (!o.precision.empty()) d.precision = parsePrecision(o.precision);
  if (o.inverse) d.direction = Direction::Inverse;
}

}  // namespace fftscope::cli
