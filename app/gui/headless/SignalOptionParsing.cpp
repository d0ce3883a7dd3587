#include "headless/SignalOptionParsing.h"

#include "headless/FilterOptionParsing.h"

#include <algorithm>

namespace fftscope::gui {

std::vector<std::string> splitAt(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find(separator, at), text.size());
    parts.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  return parts;
}

std::vector<double> parseNumbers(std::string_view text, char separator, const std::string& what) {
  std::vector<double> values;
  for (const std::string& part : splitAt(text, separator)) values.push_back(parseNumber(part, what));
  return values;
}

signal::ToneNotch parseToneNotch(std::string_view text) {
  const auto v = parseNumbers(text, ',', "--notch");
  if (v.size() > 2) throw UsageError("--notch F[,WIDTH] in Hz, not '" + std::string(text) + "'");
  return {v[0], v.size() > 1 ? v[1] : 2.0, imaging::NotchEdge::Soft};
}

std::vector<signal::GainPoint> parseGainCurve(std::string_view text) {
  std::vector<signal::GainPoint> curve;
  const std::vector<std::string> points = splitAt(text, ',');
  if (points.size() > signal::kMostGainPoints)
    throw UsageError("--gain-curve: " + std::to_string(points.size()) + " points; at most " +
                     std::to_string(signal::kMostGainPoints));
  for (const std::string& point : points) {
    const auto v = parseNumbers(point, ':', "--gain-curve");
    if (v.size() != 2) throw UsageError("--gain-curve F:DB,F:DB,... (Hz, dB), not '" + point + "'");
    curve.push_back({v[0], v[1]});
  }
  return curve;
}

}  // namespace fftscope::gui
