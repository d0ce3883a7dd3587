#include "session/SessionValues.h"

#include <cmath>
#include <stdexcept>

namespace fftscope::gui::session {
namespace {

using nlohmann::json;

[[noreturn]] void refuse(const char* key, const char* what) {
  throw std::invalid_argument(std::string(key) + ": " + what);
}

// Sessions hold hundreds of notches at most; a bound keeps a hostile file's cost small.
constexpr std::size_t kMostItems = 1 << 16;

}  // namespace

json toJson(const imaging::BaseFilter& b) {
  return {{"kind", int(b.kind)}, {"shape", int(b.shape)}, {"cutoff", b.cutoff}, {"upperCutoff", b.upperCutoff},
          {"order", b.order}};
}

// The fields' types and ranges only: the values are checked with the filter they belong to.
imaging::BaseFilter baseFilterFrom(const json& b) {
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind(integer(b, "kind", 0, 4));
  base.shape = imaging::FilterShape(integer(b, "shape", 0, 2));
  base.cutoff = number(b, "cutoff");
  base.upperCutoff = number(b, "upperCutoff");
  base.order = int(integer(b, "order", 1, 1000));
  return base;
}

const json& member(const json& object, const char* key) {
  if (!object.is_object()) refuse(key, "its section is not an object");
  auto found = object.find(key);
  if (found == object.end()) refuse(key, "missing");
  return *found;
}

double number(const json& object, const char* key) {
  const json& value = member(object, key);
  if (!value.is_number()) refuse(key, "not a number");
  const double x = value.get<double>();
  if (!std::isfinite(x)) refuse(key, "not finite");
  return x;
}

long long integer(const json& object, const char* key, long long least, long long most) {
  const json& value = member(object, key);
  if (!value.is_number_integer()) refuse(key, "not a whole number");
  const long long x = value.get<long long>();
  if (x < least || x > most) refuse(key, "out of range");
  return x;
}

bool flag(const json& object, const char* key) {
  const json& value = member(object, key);
  if (!value.is_boolean()) refuse(key, "not true or false");
  return value.get<bool>();
}

std::string text(const json& object, const char* key) {
  const json& value = member(object, key);
  if (!value.is_string()) refuse(key, "not text");
  return value.get<std::string>();
}

const json& array(const json& object, const char* key, std::size_t most) {
  const json& value = member(object, key);
  if (!value.is_array()) refuse(key, "not a list");
  if (value.size() > most) refuse(key, "too many items");
  return value;
}

json toJson(const imaging::FilterSpec& spec) {
  json notches = json::array(), strokes = json::array();
  for (const imaging::Notch& n : spec.notches)
    notches.push_back({{"fx", n.fx}, {"fy", n.fy}, {"radius", n.radius}, {"edge", int(n.edge)}});
  for (const imaging::MaskStroke& s : spec.strokes)
    strokes.push_back({{"fx", s.fx}, {"fy", s.fy}, {"radius", s.radius}, {"action", int(s.action)}});
  return {{"base", toJson(spec.base)},
          {"notches", notches},
          {"strokes", strokes}};
}

imaging::FilterSpec filterSpecFrom(const json& value) {
  imaging::FilterSpec spec;
  spec.base = baseFilterFrom(member(value, "base"));
  for (const json& n : array(value, "notches", kMostItems))
    spec.notches.push_back({number(n, "fx"), number(n, "fy"), number(n, "radius"), imaging::NotchEdge(integer(n, "edge", 0, 1))});
  for (const json& s : array(value, "strokes", kMostItems))
    spec.strokes.push_back(
        {number(s, "fx"), number(s, "fy"), number(s, "radius"), imaging::StrokeAction(integer(s, "action", 0, 1))});
  imaging::validateFilterSpec(spec);
  return spec;
}

json toJson(const imaging::DisplaySettings& d) {
  return {{"quantity", int(d.quantity)}, {"colourMap", int(d.colourMap)}, {"centred", d.centred},
          {"blackLevel", d.blackLevel},  {"whiteLevel", d.whiteLevel},    {"gamma", d.gamma}};
}

imaging::DisplaySettings displayFrom(const json& value) {
  imaging::DisplaySettings d;
  d.quantity = imaging::SpectrumQuantity(integer(value, "quantity", 0, 3));
  d.colourMap = imaging::ColourMap(integer(value, "colourMap", 0, 3));
  d.centred = flag(value, "centred");
  d.blackLevel = number(value, "blackLevel");
  d.whiteLevel = number(value, "whiteLevel");
  d.gamma = number(value, "gamma");
  if (d.blackLevel >= d.whiteLevel || d.gamma <= 0) throw std::invalid_argument("display: levels or gamma out of range");
  return d;
}

json toJson(const imaging::DisplayRangeSettings& r) {
  return {{"mode", int(r.mode)}, {"low", r.custom.low}, {"high", r.custom.high}};
}

imaging::DisplayRangeSettings displayRangeFrom(const json& value) {
  imaging::DisplayRangeSettings r;
  r.mode = imaging::DisplayRangeMode(integer(value, "mode", 0, 2));
  r.custom = {float(number(value, "low")), float(number(value, "high"))};
  return r;
}

json toJson(std::optional<imaging::OutputRange> range) { return range ? json(int(*range)) : json(); }

std::optional<imaging::OutputRange> outputRangeFrom(const json& value) {
  if (value.is_null()) return std::nullopt;
  if (!value.is_number_integer() || value.get<long long>() < 0 || value.get<long long>() > 3)
    throw std::invalid_argument("outputRange: out of range");
  return imaging::OutputRange(value.get<int>());
}

json toJson(const signal::SignalFilterSpec& spec) {
  json notches = json::array(), curve = json::array();
  for (const signal::ToneNotch& n : spec.notches)
    notches.push_back({{"frequencyHz", n.frequencyHz}, {"widthHz", n.widthHz}, {"edge", int(n.edge)}});
  for (const signal::GainPoint& p : spec.gainCurve) curve.push_back({{"frequencyHz", p.frequencyHz}, {"gainDb", p.gainDb}});
  return {{"base", toJson(spec.base)}, {"notches", notches}, {"gainCurve", curve}, {"taps", spec.taps}};
}

signal::SignalFilterSpec signalFilterFrom(const json& value) {
  signal::SignalFilterSpec spec;
  spec.base = baseFilterFrom(member(value, "base"));  // in Hz: checked with the signal's rate
  for (const json& n : array(value, "notches", signal::kMostNotches))
    spec.notches.push_back({number(n, "frequencyHz"), number(n, "widthHz"), imaging::NotchEdge(integer(n, "edge", 0, 1))});
  for (const json& p : array(value, "gainCurve", signal::kMostGainPoints))
    spec.gainCurve.push_back({number(p, "frequencyHz"), number(p, "gainDb")});
  spec.taps = std::size_t(integer(value, "taps", 0, (long long)signal::kMostTaps));
  return spec;
}

json toJson(const signal::SignalReadOptions& o) {
  const signal::TextOptions& t = o.text;
  const signal::RawOptions& r = o.raw;
  return {{"text",
           {{"delimiter", int(t.delimiter)}, {"header", int(t.header)}, {"timeColumn", t.timeColumn},
            {"sampleRate", t.sampleRate}, {"columns", t.columns}, {"spacingTolerance", t.spacingTolerance}}},
          {"npySampleRate", o.npySampleRate},
          {"raw",
           {{"encoding", int(r.encoding)}, {"bigEndian", r.bigEndian}, {"channels", r.channels}, {"sampleRate", r.sampleRate}}}};
}

signal::SignalReadOptions readOptionsFrom(const json& value) {
  signal::SignalReadOptions o;
  const json& t = member(value, "text");
  o.text.delimiter = char(integer(t, "delimiter", 0, 127));
  o.text.header = signal::HeaderRow(integer(t, "header", 0, 2));
  o.text.timeColumn = int(integer(t, "timeColumn", -1, 1 << 20));
  o.text.sampleRate = number(t, "sampleRate");
  for (const json& c : array(t, "columns", kMostItems)) {
    if (!c.is_number_integer() || c.get<long long>() < 0 || c.get<long long>() > (1 << 20))
      throw std::invalid_argument("columns: not a column number");
    o.text.columns.push_back(c.get<int>());
  }
  o.text.spacingTolerance = number(t, "spacingTolerance");
  o.npySampleRate = number(value, "npySampleRate");
  const json& r = member(value, "raw");
  o.raw.encoding = signal::Encoding(integer(r, "encoding", 0, 6));
  o.raw.bigEndian = flag(r, "bigEndian");
  o.raw.channels = int(integer(r, "channels", 1, 1024));
  o.raw.sampleRate = number(r, "sampleRate");
  return o;
}

}  // namespace fftscope::gui::session
