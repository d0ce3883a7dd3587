#include "imaging/Mask.h"

#include "imaging/FilterResponse.h"
#include "imaging/SpectrumLayout.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace fftscope::imaging {
namespace {

// Beyond this many radii a soft notch differs from 1 by less than 2^-36.
constexpr double kSoftNotchReach = 6.0;

// The bins a mask is built on: all of them (keptCols = cols), or those of a half spectrum
// (keptCols = cols / 2 + 1), row-major, unshifted.
struct Grid {
  int rows, cols, keptCols;
  std::vector<float>& values;
};

// Calls visit(index, dfx, dfy) once for every kept bin whose frequency lies within `reach` of
// (fx, fy) on both axes; dfx, dfy are the wrapped differences from (fx, fy).
template <typename Visit>
void forEachBinNear(const Grid& mask, double fx, double fy, double reach, Visit visit) {
  // In double first: a reach of millions of cycles (or more) overflows int, and then the box
  // must become the whole spectrum, not wrap.
  const auto range = [reach](double centre, int n) {
    const double lo = std::ceil((centre - reach) * n);
    const double hi = std::floor((centre + reach) * n);
    if (!(hi - lo + 1 < n)) return std::pair{0, n - 1};
    return std::pair{int(lo), int(hi)};
  };
  const auto [y0, y1] = range(fy, mask.rows);
  const auto [x0, x1] = range(fx, mask.cols);
  for (int ky = y0; ky <= y1; ++ky) {
    const int y = ((ky % mask.rows) + mask.rows) % mask.rows;
    const double dfy = wrappedDifference(binFrequency(y, mask.rows), fy);
    for (int kx = x0; kx <= x1; ++kx) {
      const int x = ((kx % mask.cols) + mask.cols) % mask.cols;
      if (x >= mask.keptCols) continue;
      const double dfx = wrappedDifference(binFrequency(x, mask.cols), fx);
      visit(std::size_t(y) * std::size_t(mask.keptCols) + std::size_t(x), dfx, dfy);
    }
  }
}

void applyNotch(const Grid& mask, const Notch& notch) {
  const double reach = notch.edge == NotchEdge::Soft ? kSoftNotchReach * notch.radius : notch.radius;
  const auto multiply = [&](double fx, double fy) {
    forEachBinNear(mask, fx, fy, reach, [&](std::size_t i, double dfx, double dfy) {
      mask.values[i] *= float(notchProfile(notch.edge, dfx * dfx + dfy * dfy, notch.radius));
    });
  };
  multiply(notch.fx, notch.fy);
  if (!isOwnTwin(notch.fx, notch.fy)) multiply(-notch.fx, -notch.fy);
}

void applyStroke(const Grid& mask, const MaskStroke& stroke) {
  const float value = stroke.action == StrokeAction::Keep ? 1.0f : 0.0f;
  const double r2 = stroke.radius * stroke.radius;
  for (const double sign : {1.0, -1.0})
    forEachBinNear(mask, sign * stroke.fx, sign * stroke.fy, stroke.radius, [&](std::size_t i, double dfx, double dfy) {
      if (dfx * dfx + dfy * dfy <= r2) mask.values[i] = value;
    });
}

std::vector<float> build(int rows, int cols, int keptCols, const FilterSpec& spec) {
  if (rows < 1 || cols < 1)
    throw std::invalid_argument("mask size " + std::to_string(rows) + " x " + std::to_string(cols));
  validateFilterSpec(spec);
  std::vector<float> values(std::size_t(rows) * std::size_t(keptCols));
  const Grid mask{rows, cols, keptCols, values};
  for (int y = 0; y < rows; ++y) {
    const double fy = binFrequency(y, rows);
    for (int x = 0; x < keptCols; ++x) {
      const double fx = binFrequency(x, cols);
      values[std::size_t(y) * std::size_t(keptCols) + std::size_t(x)] =
          float(baseFilterResponse(spec.base, std::sqrt(fx * fx + fy * fy)));
    }
  }
  for (const Notch& notch : spec.notches) applyNotch(mask, notch);
  for (const MaskStroke& stroke : spec.strokes) applyStroke(mask, stroke);
  return values;
}

}  // namespace

Mask buildMask(int rows, int cols, const FilterSpec& spec) { return {rows, cols, build(rows, cols, cols, spec)}; }

std::vector<float> buildHalfMask(int rows, int cols, const FilterSpec& spec) {
  return build(rows, cols, cols / 2 + 1, spec);
}

}  // namespace fftscope::imaging
