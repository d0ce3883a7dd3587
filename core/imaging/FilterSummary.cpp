#include "imaging/FilterSummary.h"

#include <cstdio>

namespace fftscope::imaging {

namespace {

std::string fixed3(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", v);  // digits only: no locale-dependent separator
  return text;
}

}  // namespace

std::string summarise(const FilterSpec& spec) {
  std::string out;
  auto add = [&out](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
  const BaseFilter& b = spec.base;
  if (b.kind != FilterKind::AllPass) {
    const std::string shape = b.shape == FilterShape::Ideal      ? "ideal"
                              : b.shape == FilterShape::Gaussian ? "Gaussian"
                                                                 : "Butterworth " + std::to_string(b.order);
    const bool band = b.kind == FilterKind::BandPass || b.kind == FilterKind::BandStop;
    const std::string kind = b.kind == FilterKind::LowPass    ? "low-pass"
                             : b.kind == FilterKind::HighPass ? "high-pass"
                             : b.kind == FilterKind::BandPass ? "band-pass"
                                                              : "band-stop";
    add(shape + " " + kind + " " + fixed3(b.cutoff) + (band ? "–" + fixed3(b.upperCutoff) : std::string()));
  }
  if (!spec.notches.empty())
    add(spec.notches.size() == 1 ? std::string("1 notch") : std::to_string(spec.notches.size()) + " notches");
  if (!spec.strokes.empty()) add("painted");
  return out.empty() ? "no filter" : out;
}

}  // namespace fftscope::imaging
