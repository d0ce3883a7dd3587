#include "headless/FilterOptionParsing.h"

#include <charconv>

namespace fftscope::gui {

using namespace imaging;

// Numbers are read in the C locale whatever the user's locale ("0.1", never "0,1").
double parseNumber(std::string_view text, const std::string& what) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw UsageError(what + ": '" + std::string(text) + "' is not a number");
  return value;
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
  throw UsageError("--pad '" + std::string(text) + "': use zero, mean or mirror");
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

BaseFilter parseBaseFilter(FilterKind kind, std::string_view type, std::string_view cutoff, int order) {
  BaseFilter base;
  base.kind = kind;
  base.shape = parseShape(type);
  base.order = order;
  if (kind == FilterKind::BandPass || kind == FilterKind::BandStop) {
    const auto v = parseList(cutoff, 2, "--cutoff F1,F2 of a band");
    base.cutoff = v[0];
    base.upperCutoff = v[1];
  } else {
    base.cutoff = parseNumber(cutoff, "--cutoff");
  }
  FilterSpec spec;
  spec.base = base;
  validateFilterSpec(spec);
  return base;
}

}  // namespace fftscope::gui
