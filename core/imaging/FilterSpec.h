// What the user asks the filter to do, as plain values: a base filter, notches and painted
// strokes. Frequencies are in cycles per pixel (-0.5 .. 0.5 on each axis); see FilterResponse.h
// for the formulas and Mask.h for how the parts combine.
#pragma once

#include <vector>

namespace fftscope::imaging {

enum class FilterKind { AllPass, LowPass, HighPass, BandPass, BandStop };
enum class FilterShape { Ideal, Gaussian, Butterworth };

struct BaseFilter {
  FilterKind kind = FilterKind::AllPass;
  FilterShape shape = FilterShape::Gaussian;
  double cutoff = 0.1;       // fc of a low- or high-pass; f1, the lower edge, of a band
  double upperCutoff = 0.2;  // f2, the upper edge of a band
  int order = 2;             // Butterworth order n
};

enum class NotchEdge {
  Hard,  // removes everything within the radius
  Soft,  // Gaussian-edged: 0 at the centre, 1/2 at the radius, near 1 beyond twice the radius
};

// A notch at (fx, fy); its conjugate-symmetric twin at (-fx, -fy) is added automatically.
struct Notch {
  double fx = 0.0;
  double fy = 0.0;
  double radius = 0.01;
  NotchEdge edge = NotchEdge::Soft;
};

enum class StrokeAction { Keep, Remove };

// A painted disc (and its twin at (-fx, -fy)): Keep forces the mask to 1 inside, Remove to 0.
struct MaskStroke {
  double fx = 0.0;
  double fy = 0.0;
  double radius = 0.01;
  StrokeAction action = StrokeAction::Remove;
};

struct FilterSpec {
  BaseFilter base;
  std::vector<Notch> notches;
  std::vector<MaskStroke> strokes;  // applied in order; undo and redo are list operations
};

// Throws std::invalid_argument naming the first bad value (cutoffs <= 0, f1 >= f2, order < 1,
// radii <= 0, anything not finite).
void validateFilterSpec(const FilterSpec& spec);

}  // namespace fftscope::imaging
