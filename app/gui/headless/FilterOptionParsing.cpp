#include "headless/FilterOptionParsing.h"

#include "io/NumberText.h"

#include <charconv>
#include <cmath>

namespace fftscope::gui {

using namespace imaging;

// Numbers are read in the C locale whatever the user's locale ("0.1", never "0,1").
double parseNumber(std::string_view text, const std::string& what) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw UsageError(what + ": '" + std::string(text) + "' is not a number");
  if (!std::isfinite(value)) throw UsageError(what + ": '" + std::string(text) + "' is not a finite number");
  return value;
}

namespace {

std::string shortest(double value) { return io::numberText(value); }

// A value in [lo, hi], or (lo, hi] when lo itself is excluded (cutoffs and radii above 0).
void requireRange(double value, const std::string& what, double lo, bool loIncluded, double hi) {
  if ((loIncluded ? value >= lo : value > lo) && value <= hi) return;
  throw UsageError(what + ": " + shortest(value) + " is out of range; use " + (loIncluded ? "[" : "(") +
                   shortest(lo) + ", " + shortest(hi) + "]");
}

// Frequencies in cycles per pixel: Nyquist is 0.5.
constexpr double kNyquist = 0.5;
// Any two points of the periodic spectrum are within sqrt(0.5) of each other: a radius of 1
// already covers it all.
constexpr double kLargestRadius = 1.0;

}  // namespace

int parseOrder(std::string_view text) {
  const double order = parseNumber(text, "--order");
  if (order != std::floor(order)) throw UsageError("--order: " + std::string(text) + " is not a whole number");
  requireRange(order, "--order", 1, true, 64);
  return int(order);
}

Notch parseNotch(std::string_view text) {
  const std::string what = "--notch FX,FY,RADIUS";
  const auto v = parseList(text, 3, what);
  requireRange(v[0], what + " (FX)", -kNyquist, true, kNyquist);
  requireRange(v[1], what + " (FY)", -kNyquist, true, kNyquist);
  requireRange(v[2], what + " (RADIUS)", 0, false, kLargestRadius);
  return Notch{v[0], v[1], v[2], NotchEdge::Soft};
}

std::vector<double> parseList(std::string_view text, std::size_t count, const std::string& what) {
  std::vector<double> values;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    values.push_back(parseNumber(text.substr(start, comma - start), what));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (values.size() != count)
    throw UsageError(what + " takes " + std::to_string(count) + " comma-separated numbers, not '" + std::string(text) +
                     "'");
  return values;
}

FilterShape parseShape(std::string_view text) {
  if (text == "ideal") return FilterShape::Ideal;
  if (text == "gaussian") return FilterShape::Gaussian;
  if (text == "butterworth") return FilterShape::Butterworth;
  throw UsageError("filter type '" + std::string(text) + "': use ideal, gaussian or butterworth");
}

PadMode parsePad(std::string_view text) {
  if (text == "zero") return PadMode::Zero;
  if (text == "mean") return PadMode::Mean;
  if (text == "mirror") return PadMode::Mirror;
  if (text == "none") return PadMode::None;
  throw UsageError("--pad '" + std::string(text) + "': use none, zero, mean or mirror");
}

ChannelMode parseChannels(std::string_view text) {
  if (text == "each") return ChannelMode::PerChannel;
  if (text == "luminance") return ChannelMode::Luminance;
  throw UsageError("--channels '" + std::string(text) + "': use each or luminance");
}

SpectrumQuantity parseQuantity(std::string_view text) {
  if (text == "log") return SpectrumQuantity::LogMagnitude;
  if (text == "magnitude") return SpectrumQuantity::Magnitude;
  if (text == "power") return SpectrumQuantity::Power;
  if (text == "phase") return SpectrumQuantity::Phase;
  throw UsageError("--quantity '" + std::string(text) + "': use log, magnitude, power or phase");
}

ColourMap parseColourMap(std::string_view text) {
  if (text == "grey" || text == "gray") return ColourMap::Grey;
  if (text == "viridis") return ColourMap::Viridis;
  if (text == "magma") return ColourMap::Magma;
  if (text == "inferno") return ColourMap::Inferno;
  throw UsageError("--colour-map '" + std::string(text) + "': use grey, viridis, magma or inferno");
}

OutputRange parseOutputRange(std::string_view text) {
  if (const auto range = outputRangeFromName(text)) return *range;
  throw UsageError("--range '" + std::string(text) + "': use offset, stretch, clip or float");
}

BaseFilter parseBaseFilter(FilterKind kind, std::string_view type, std::string_view cutoff, int order) {
  BaseFilter base;
  base.kind = kind;
  base.shape = parseShape(type);
  base.order = order;
  if (kind == FilterKind::BandPass || kind == FilterKind::BandStop) {
    const std::string what = "--cutoff F1,F2 of a band";
    const auto v = parseList(cutoff, 2, what);
    requireRange(v[0], what + " (F1)", 0, false, kNyquist);
    requireRange(v[1], what + " (F2)", 0, false, kNyquist);
    base.cutoff = v[0];
    base.upperCutoff = v[1];
  } else {
    base.cutoff = parseNumber(cutoff, "--cutoff");
    requireRange(base.cutoff, "--cutoff", 0, false, kNyquist);
  }
  if (order < 1 || order > 64) throw UsageError("--order: " + std::to_string(order) + " is out of range; use [1, 64]");
  FilterSpec spec;
  spec.base = base;
  try {
    validateFilterSpec(spec);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--cutoff: ") + e.what());
  }
  return base;
}

}  // namespace fftscope::gui
