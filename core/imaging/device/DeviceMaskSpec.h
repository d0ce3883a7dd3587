// A frequency-domain filter as plain parameters, for masks made on the device (DeviceMask): a
// base filter, notches and painted strokes. Frequencies in cycles per pixel (-0.5 .. 0.5 on each
// axis). The formulas (the same as the Image workspace's):
//   low-pass L(f), f = sqrt(fx^2 + fy^2), cutoff fc: ideal 1 if f <= fc else 0;
//     Gaussian exp(-f^2 / (2 fc^2)); Butterworth of order n 1 / (1 + (f / fc)^(2n))
//   high-pass 1 - L(f); band-stop [f1, f2]: Gonzalez & Woods' band-reject with centre
//     D0 = (f1 + f2) / 2 and width W = f2 - f1, D = f: ideal 0 if f1 <= D <= f2 else 1;
//     Butterworth 1 / (1 + (D W / (D^2 - D0^2))^(2n)); Gaussian 1 - exp(-((D^2 - D0^2) / (D W))^2)
//     (0 at D = D0, 1 at D = 0); band-pass 1 - band-stop
//   notch at distance d (frequencies wrap at +-0.5): hard 0 if d <= r else 1; soft 1 - 2^-(d/r)^2,
//     times the same at its twin (-fx, -fy) unless the two coincide
//   value = base x product of notches; then each stroke, in order, sets the bins inside its disc
//   (and its twin's) to 1 (keep) or 0 (remove).
#pragma once

#include <vector>

namespace fftscope {

enum class MaskKind { AllPass, LowPass, HighPass, BandPass, BandStop };
enum class MaskResponse { Ideal, Gaussian, Butterworth };
enum class MaskNotchEdge { Hard, Soft };

struct DeviceNotch {
  double fx = 0.0;
  double fy = 0.0;
  double radius = 0.01;
  MaskNotchEdge edge = MaskNotchEdge::Soft;
};

struct DeviceStroke {
  double fx = 0.0;
  double fy = 0.0;
  double radius = 0.01;
  bool keep = false;  // true: forces 1 inside; false: forces 0
};

struct DeviceMaskSpec {
  MaskKind kind = MaskKind::AllPass;
  MaskResponse response = MaskResponse::Gaussian;
  double cutoff = 0.1;       // fc of a low- or high-pass; f1 of a band
  double upperCutoff = 0.2;  // f2 of a band
  int order = 2;             // Butterworth's n
  std::vector<DeviceNotch> notches;
  std::vector<DeviceStroke> strokes;  // applied in order
};

// Throws std::invalid_argument naming the first bad value (cutoffs <= 0, f1 >= f2, order < 1,
// radii <= 0, anything not finite).
void validate(const DeviceMaskSpec& spec);

}  // namespace fftscope
