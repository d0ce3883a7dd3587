#include "imaging/FilterSpec.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace fftscope::imaging {
namespace {

void requirePositive(double value, const char* what) {
  if (!(value > 0.0) || !std::isfinite(value))
    throw std::invalid_argument(std::string(what) + " must be positive, not " + std::to_string(value));
}

void requireFinite(double value, const char* what) {
  if (!std::isfinite(value)) throw std::invalid_argument(std::string(what) + " must be a finite number, not " + std::to_string(value));
}

}  // namespace

void validateFilterSpec(const FilterSpec& spec) {
  const BaseFilter& base = spec.base;
  if (base.kind != FilterKind::AllPass) {
    requirePositive(base.cutoff, "cutoff");
    if (base.shape == FilterShape::Butterworth && base.order < 1)
      throw std::invalid_argument("Butterworth order must be at least 1, not " + std::to_string(base.order));
  }
  if (base.kind == FilterKind::BandPass || base.kind == FilterKind::BandStop) {
    requirePositive(base.upperCutoff, "upper cutoff");
    if (!(base.cutoff < base.upperCutoff))
      throw std::invalid_argument("band edges must satisfy f1 < f2 (f1 = " + std::to_string(base.cutoff) +
                                  ", f2 = " + std::to_string(base.upperCutoff) + ")");
  }
  for (const Notch& notch : spec.notches) {
    requireFinite(notch.fx, "notch frequency fx");
    requireFinite(notch.fy, "notch frequency fy");
    requirePositive(notch.radius, "notch radius");
  }
  for (const MaskStroke& stroke : spec.strokes) {
    requireFinite(stroke.fx, "stroke frequency fx");
    requireFinite(stroke.fy, "stroke frequency fy");
    requirePositive(stroke.radius, "stroke radius");
  }
}

}  // namespace fftscope::imaging
