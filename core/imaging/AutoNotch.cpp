// A bin is a peak when it is a strict local maximum, lies at least minFrequency from DC, stands
// minIsolationDb above every bin of the ring around it (so lines and rings of image content,
// whose neighbours along the line are as strong, do not qualify) and minProminenceDb above the
// ring's median. Its notch radius reaches the first ring of distance d (in bins) whose mean power
// is within 6 dB of that median, at least 1.5 bins.
#include "imaging/AutoNotch.h"

#include "imaging/SpectrumLayout.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace fftscope::imaging {
namespace {

struct Offset {
  int dx;
  int dy;
  int ring;  // rounded distance in bins
};

// |X|^2 at any signed or wrapped bin, read from the magnitudes as asked (no copy of the spectrum).
class PowerMap {
 public:
  explicit PowerMap(const SpectrumMagnitudes& s) : s_(s) {}
  float at(int x, int y) const {
    x = ((x % s_.cols) + s_.cols) % s_.cols;
    y = ((y % s_.rows) + s_.rows) % s_.rows;
    const float m = s_.at(x, y);
    return m * m;
  }

 private:
  const SpectrumMagnitudes& s_;
};

bool isStrictLocalMaximum(const PowerMap& power, int x, int y, float p) {
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if ((dx || dy) && power.at(x + dx, y + dy) >= p) return false;
  return true;
}

// Sub-bin position of a peak along one axis from a parabola through the log powers.
double refine(float before, float peak, float after) {
  const double a = std::log(double(before) + 1e-30), b = std::log(double(peak)), c = std::log(double(after) + 1e-30);
  const double denominator = a - 2.0 * b + c;
  if (denominator >= 0.0) return 0.0;
  return std::clamp(0.5 * (a - c) / denominator, -0.5, 0.5);
}

struct Surroundings {
  double median = 0.0;     // power of the bins innerRadius .. outerRadius away
  double strongest = 0.0;  // the largest of them
  std::vector<double> ringMean;  // mean power at each rounded distance 1 .. outerRadius (index 0 unused)
};

// The rings of bins around a candidate peak, with scratch space reused from one peak to the next.
class RingSurvey {
 public:
  RingSurvey(int inner, int outer) : inner_(inner), counts_(std::size_t(outer) + 1) {
    for (int dy = -outer; dy <= outer; ++dy)
      for (int dx = -outer; dx <= outer; ++dx) {
        const int ring = int(std::lround(std::hypot(dx, dy)));
        if (ring < 1 || ring > outer) continue;
        offsets_.push_back({dx, dy, ring});
        ++counts_[std::size_t(ring)];
      }
  }

  const Surroundings& around(const PowerMap& power, int x, int y) {
    values_.clear();
    result_.strongest = 0.0;
    result_.ringMean.assign(counts_.size(), 0.0);
    for (const Offset& o : offsets_) {
      const double v = power.at(x + o.dx, y + o.dy);
      result_.ringMean[std::size_t(o.ring)] += v / counts_[std::size_t(o.ring)];
      if (o.ring < inner_) continue;
      values_.push_back(v);
      result_.strongest = std::max(result_.strongest, v);
    }
    const auto middle = values_.begin() + std::ptrdiff_t(values_.size() / 2);
    std::nth_element(values_.begin(), middle, values_.end());
    result_.median = std::max(*middle, 1e-30);
    return result_;
  }

 private:
  int inner_;
  std::vector<Offset> offsets_;
  std::vector<int> counts_;
  std::vector<double> values_;
  Surroundings result_;
};

// The first ring whose mean power is within 6 dB of the background, at least 1.5 bins.
double suggestedRadiusInBins(const Surroundings& around) {
  const std::size_t outer = around.ringMean.size() - 1;
  for (std::size_t ring = 1; ring < outer; ++ring)
    if (around.ringMean[ring] <= 4.0 * around.median) return std::max(1.5, double(ring));
  return double(outer);
}

}  // namespace

std::vector<NotchSuggestion> suggestNotches(const SpectrumMagnitudes& spectrum, const AutoNotchOptions& options) {
  if (spectrum.empty())
    throw std::invalid_argument("suggestNotches: empty or inconsistent spectrum");
  if (options.innerRadius < 1 || options.outerRadius < options.innerRadius)
    throw std::invalid_argument("suggestNotches: need 1 <= innerRadius <= outerRadius");

  const PowerMap power(spectrum);
  RingSurvey survey(options.innerRadius, options.outerRadius);
  const double isolation = std::pow(10.0, options.minIsolationDb / 10.0);
  const double prominence = std::pow(10.0, options.minProminenceDb / 10.0);
  const int r = options.innerRadius;
  const int probes[8][2] = {{r, 0}, {-r, 0}, {0, r}, {0, -r}, {r, r}, {-r, r}, {r, -r}, {-r, -r}};
  const int shortest = std::min(spectrum.rows, spectrum.cols);

  std::vector<NotchSuggestion> found;
  for (int y = 0; y < spectrum.rows; ++y) {
    const int sy = signedBin(y, spectrum.rows);
    for (int x = 0; x < spectrum.cols; ++x) {
      const int sx = signedBin(x, spectrum.cols);
      if (sy < 0 || (sy == 0 && sx <= 0)) continue;  // one of each conjugate pair
      if (std::hypot(double(sx) / spectrum.cols, double(sy) / spectrum.rows) < options.minFrequency) continue;
      const float p = power.at(x, y);
      if (!(p > 0.0f) || !isStrictLocalMaximum(power, x, y, p)) continue;
      bool isolated = true;  // a cheap look at eight bins before the full rings
      for (const auto& probe : probes) isolated = isolated && p >= isolation * power.at(x + probe[0], y + probe[1]);
      if (!isolated) continue;

      const Surroundings& around = survey.around(power, x, y);
      if (p < isolation * around.strongest || p < prominence * around.median) continue;
      const double dx = refine(power.at(x - 1, y), p, power.at(x + 1, y));
      const double dy = refine(power.at(x, y - 1), p, power.at(x, y + 1));
      const Notch notch{(sx + dx) / spectrum.cols, (sy + dy) / spectrum.rows,
                        suggestedRadiusInBins(around) / shortest, options.edge};
      found.push_back({notch, 10.0 * std::log10(p / around.median)});
    }
  }
  std::sort(found.begin(), found.end(),
            [](const NotchSuggestion& a, const NotchSuggestion& b) { return a.prominenceDb > b.prominenceDb; });
  found.resize(std::min(found.size(), std::size_t(std::max(options.maxNotches, 0))));
  return found;
}

std::vector<NotchSuggestion> suggestNotches(const Spectrum& spectrum, const AutoNotchOptions& options) {
  if (spectrum.rows < 1 || spectrum.cols < 1 || spectrum.bins.size() != std::size_t(spectrum.rows) * std::size_t(spectrum.cols))
    throw std::invalid_argument("suggestNotches: empty or inconsistent spectrum");
  return suggestNotches(magnitudesOf(spectrum), options);
}

std::vector<NotchSuggestion> withoutNotched(std::vector<NotchSuggestion> suggestions, const std::vector<Notch>& placed) {
  auto covered = [&placed](const Notch& peak) {
    for (const Notch& notch : placed)
      for (const double sign : {1.0, -1.0})
        if (std::hypot(sign * peak.fx - notch.fx, sign * peak.fy - notch.fy) <= notch.radius) return true;
    return false;
  };
  std::erase_if(suggestions, [&covered](const NotchSuggestion& s) { return covered(s.notch); });
  return suggestions;
}

}  // namespace fftscope::imaging
