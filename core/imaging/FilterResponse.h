// The filter formulas, at one frequency. f = sqrt(fx^2 + fy^2) in cycles per pixel.
//   low-pass L(f), cutoff fc:  ideal 1 if f <= fc else 0;  Gaussian exp(-f^2 / (2 fc^2));
//                              Butterworth of order n 1 / (1 + (f / fc)^(2n))
//   high-pass 1 - L(f)
//   band-stop (Gonzalez & Woods' band-reject), the band [f1, f2] as centre D0 = (f1 + f2) / 2 and
//   width W = f2 - f1, D = f:  ideal 0 if D0 - W/2 <= D <= D0 + W/2 (f1 <= D <= f2) else 1;
//     Butterworth of order n 1 / (1 + (D W / (D^2 - D0^2))^(2n));
//     Gaussian 1 - exp(-((D^2 - D0^2) / (D W))^2);  both 0 at D = D0 and 1 at D = 0 (their limits)
//   band-pass 1 - band-stop
//   notch, d the distance to its centre (frequencies wrap at +-0.5):
//     hard 0 if d <= r else 1;  soft 1 - 2^(-(d / r)^2)  (half at d = r);
//     the product of the notch and its twin at (-fx, -fy), unless the two coincide.
#pragma once

#include "imaging/FilterSpec.h"

namespace fftscope::imaging {

double lowPassResponse(FilterShape shape, double f, double cutoff, int order);
// The band-reject filter of the band [lower, upper] at distance f from the origin.
double bandRejectResponse(FilterShape shape, double f, double lower, double upper, int order);
double baseFilterResponse(const BaseFilter& filter, double f);
double notchResponse(const Notch& notch, double fx, double fy);

// One notch disc without its twin, at squared distance d^2 from its centre.
double notchProfile(NotchEdge edge, double distanceSquared, double radius);

// Whether (fx, fy) and (-fx, -fy) are the same point (DC and the Nyquist corners and edges).
bool isOwnTwin(double fx, double fy);

// The signed difference a - b between two frequencies on the periodic axis, in [-0.5, 0.5].
double wrappedDifference(double a, double b);

}  // namespace fftscope::imaging
