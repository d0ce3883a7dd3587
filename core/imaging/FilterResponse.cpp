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

double baseFilterResponse(const BaseFilter& filter, double f) {
  const auto low = [&](double cutoff) { return lowPassResponse(filter.shape, f, cutoff, filter.order); };
  switch (filter.kind) {
    case FilterKind::AllPass: return 1.0;
    case FilterKind::LowPass: return low(filter.cutoff);
    case FilterKind::HighPass: return 1.0 - low(filter.cutoff);
    case FilterKind::BandPass: return low(filter.upperCutoff) * (1.0 - low(filter.cutoff));
    case FilterKind::BandStop: return 1.0 - low(filter.upperCutoff) * (1.0 - low(filter.cutoff));
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
