// The filter formulas, at one frequency. f = sqrt(fx^2 + fy^2) in cycles per pixel.
//   low-pass L(f), cutoff fc:  ideal 1 if f <= fc else 0;  Gaussian exp(-f^2 / (2 fc^2));
//                              Butterworth of order n 1 / (1 + (f / fc)^(2n))
//   high-pass 1 - L(f);  band-pass [f1, f2] L_f2(f) * (1 - L_f1(f));  band-stop 1 - band-pass
//   notch, d the distance to its centre (frequencies wrap at +-0.5):
//     hard 0 if d <= r else 1;  soft 1 - 2^(-(d / r)^2)  (half at d = r);
//     the product of the notch and its twin at (-fx, -fy), unless the two coincide.
#pragma once

#include "imaging/FilterSpec.h"

namespace fftscope::imaging {

double lowPassResponse(FilterShape shape, double f, double cutoff, int order);
double baseFilterResponse(const BaseFilter& filter, double f);
double notchResponse(const Notch& notch, double fx, double fy);

// One notch disc without its twin, at squared distance d^2 from its centre.
double notchProfile(NotchEdge edge, double distanceSquared, double radius);

// Whether (fx, fy) and (-fx, -fy) are the same point (DC and the Nyquist corners and edges).
bool isOwnTwin(double fx, double fy);

// The signed difference a - b between two frequencies on the periodic axis, in [-0.5, 0.5].
double wrappedDifference(double a, double b);

}  // namespace fftscope::imaging
