#include "imaging/FilterResponse.h"

#include <cmath>

namespace fftscope::imaging {
namespace {

double notchAt(NotchEdge edge, double dx, double dy, double radius) {
  return notchProfile(edge, dx * dx + dy * dy, radius);
}

}  // namespace

double notchProfile(NotchEdge edge, double distanceSquared, double radius) {
  if (edge == NotchEdge::Hard) return distanceSquared <= radius * radius ? 0.0 : 1.0;
  return 1.0 - std::exp2(-distanceSquared / (radius * radius));
}

bool isOwnTwin(double fx, double fy) {
  return wrappedDifference(fx, -fx) == 0.0 && wrappedDifference(fy, -fy) == 0.0;
}

double wrappedDifference(double a, double b) {
  const double d = a - b;
  return d - std::round(d);
}

double lowPassResponse(FilterShape shape, double f, double cutoff, int order) {
  switch (shape) {
    case FilterShape::Ideal: return f <= cutoff ? 1.0 : 0.0;
    case FilterShape::Gaussian: return std::exp(-f * f / (2.0 * cutoff * cutoff));
    case FilterShape::Butterworth: return 1.0 / (1.0 + std::pow(f / cutoff, 2.0 * order));
  }
  return 1.0;
}

double bandRejectResponse(FilterShape shape, double f, double lower, double upper, int order) {
  // The ideal band's edges are the cutoffs as given (D0 -+ W/2 exactly), so that rounding in D0
  // and W cannot move an edge off a bin that lies on it.
  if (shape == FilterShape::Ideal) return f >= lower && f <= upper ? 0.0 : 1.0;
  const double d0 = 0.5 * (lower + upper);
  const double w = upper - lower;
  const double offset = f * f - d0 * d0;
  if (shape == FilterShape::Gaussian) {
    if (f == 0.0) return 1.0;
    const double x = offset / (f * w);
    return 1.0 - std::exp(-x * x);
  }
  if (offset == 0.0) return 0.0;
  return 1.0 / (1.0 + std::pow(f * w / offset, 2.0 * order));
}

double baseFilterResponse(const BaseFilter& filter, double f) {
  const auto low = [&](double cutoff) { return lowPassResponse(filter.shape, f, cutoff, filter.order); };
  const auto bandReject = [&] {
    return bandRejectResponse(filter.shape, f, filter.cutoff, filter.upperCutoff, filter.order);
  };
  switch (filter.kind) {
    case FilterKind::AllPass: return 1.0;
    case FilterKind::LowPass: return low(filter.cutoff);
    case FilterKind::HighPass: return 1.0 - low(filter.cutoff);
    case FilterKind::BandPass: return 1.0 - bandReject();
    case FilterKind::BandStop: return bandReject();
  }
  return 1.0;
}

double notchResponse(const Notch& notch, double fx, double fy) {
  double value = notchAt(notch.edge, wrappedDifference(fx, notch.fx), wrappedDifference(fy, notch.fy), notch.radius);
  if (!isOwnTwin(notch.fx, notch.fy))
    value *= notchAt(notch.edge, wrappedDifference(fx, -notch.fx), wrappedDifference(fy, -notch.fy), notch.radius);
  return value;
}

}  // namespace fftscope::imaging
