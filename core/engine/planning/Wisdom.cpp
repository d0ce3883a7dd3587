#include "engine/planning/Wisdom.h"

#include "engine/planning/CacheFile.h"
#include "io/BoundedJson.h"
#include "io/UserCacheFolder.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace fftscope {
namespace {

constexpr const char* kFormat = "fftscope-wisdom";
constexpr int kVersion = 1;

using Json = nlohmann::ordered_json;  // the file's fields in a readable order

// A field of an entry, checked; the message names the entry and the field.
struct EntryReader {
  const Json& entry;
  std::size_t index;

  [[noreturn]] void refuse(const std::string& field, const std::string& what) const {
    throw std::invalid_argument("entry " + std::to_string(index + 1) + ": '" + field + "' " + what);
  }
  const Json& field(const std::string& name) const {
    auto it = entry.find(name);
    if (it == entry.end()) refuse(name, "is missing");
    return *it;
  }
  std::string text(const std::string& name) const {
    const Json& v = field(name);
    if (!v.is_string()) refuse(name, "is not a string");
    return v.get<std::string>();
  }
  std::size_t whole(const std::string& name, std::size_t max) const {
    const Json& v = field(name);
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() < 1 || v.get<std::uint64_t>() > max)
      refuse(name, "is not a whole number from 1 to " + std::to_string(max));
    return static_cast<std::size_t>(v.get<std::uint64_t>());
  }
  double positive(const std::string& name) const {
    const Json& v = field(name);
    if (!v.is_number() || !(v.get<double>() >= 0) || !std::isfinite(v.get<double>()))
      refuse(name, "is not a time in milliseconds");
    return v.get<double>();
  }
  bool flag(const std::string& name) const {
    const Json& v = field(name);
    if (!v.is_boolean()) refuse(name, "is not true or false");
    return v.get<bool>();
  }
  template <typename Parse>
  auto named(const std::string& name, Parse parse) const {
    const std::string value = text(name);
    try {
      return parse(value);
    } catch (const std::invalid_argument& e) {
      refuse(name, "'" + value + "': " + e.what());
    }
  }
};

WisdomEntry readEntry(const Json& json, std::size_t index) {
  if (!json.is_object()) throw std::invalid_argument("entry " + std::to_string(index + 1) + " is not an object");
  const EntryReader r{json, index};
  WisdomEntry e;
  e.key.device = r.text("device");
  e.key.driver = r.text("driver");
  e.key.dimensions = static_cast<int>(r.whole("dimensions", 2));
  e.key.rows = r.whole("rows", std::size_t{1} << 30);
  e.key.cols = r.whole("cols", std::size_t{1} << 30);
  e.key.batch = r.whole("batch", std::size_t{1} << 32);
  e.key.precision = r.named("precision", [](const std::string& s) { return parsePrecision(s); });
  e.key.direction = r.named("direction", [](const std::string& s) { return parseDirection(s); });
  e.key.twiddle = r.named("twiddle", [](const std::string& s) { return parseTwiddleMode(s); });
  e.key.real = r.flag("real");
  e.candidate = r.text("candidate");
  e.milliseconds = r.positive("ms");
  e.measured = r.text("measured");
  if (auto it = json.find("timings"); it != json.end()) {
    if (!it->is_object()) r.refuse("timings", "is not an object of milliseconds by candidate");
    for (const auto& [name, ms] : it->items()) {
      if (!ms.is_number() || !(ms.get<double>() >= 0) || !std::isfinite(ms.get<double>()))
        r.refuse("timings", "holds a time that is not a number of milliseconds");
      e.timings.emplace_back(name, ms.get<double>());
    }
  }
  return e;
}

Json writeEntry(const WisdomEntry& e) {
  Json timings = Json::object();
  for (const auto& [name, ms] : e.timings) timings[name] = ms;
  return {{"device", e.key.device},
          {"driver", e.key.driver},
          {"dimensions", e.key.dimensions},
          {"rows", e.key.rows},
          {"cols", e.key.cols},
          {"batch", e.key.batch},
          {"precision", toString(e.key.precision)},
          {"direction", toString(e.key.direction)},
          {"twiddle", toString(e.key.twiddle)},
          {"real", e.key.real},
          {"candidate", e.candidate},
          {"ms", e.milliseconds},
          {"measured", e.measured},
          {"timings", timings}};
}

std::vector<WisdomEntry> readDocument(const std::string& text) {
  const Json document = io::parseBoundedOrderedJson(text, {Wisdom::kMaxFileBytes, 8});
  if (!document.is_object() || !document.contains("format") || document["format"] != kFormat)
    throw std::invalid_argument(std::string("not a wisdom file (it has no \"format\": \"") + kFormat + "\")");
  const auto version = document.find("version");
  if (version == document.end() || !version->is_number_integer() || version->get<std::int64_t>() != kVersion)
    throw std::invalid_argument("wisdom format version " +
                                (version == document.end() ? std::string("missing") : io::describeJson(*version)) +
                                "; this build reads version " + std::to_string(kVersion));
  auto list = document.find("entries");
  if (list == document.end() || !list->is_array()) throw std::invalid_argument("\"entries\" is not a list");
  if (list->size() > Wisdom::kMaxEntries)
    throw std::invalid_argument(std::to_string(list->size()) + " entries, more than " +
                                std::to_string(Wisdom::kMaxEntries));
  std::vector<WisdomEntry> entries;
  for (std::size_t i = 0; i < list->size(); ++i) entries.push_back(readEntry((*list)[i], i));
  return entries;
}

}  // namespace

WisdomKey WisdomKey::of(const PlanDescription& d, std::string device, std::string driver, bool real) {
  WisdomKey key;
  key.device = std::move(device);
  key.driver = std::move(driver);
  key.dimensions = d.dimensions;
  key.rows = d.rows;
  key.cols = d.cols;
  key.batch = d.batch;
  key.precision = d.precision;
  key.direction = d.direction;
  key.twiddle = d.twiddle;
  key.real = real;
  return key;
}

std::string WisdomKey::text() const {
  const std::string shape =
      dimensions == 1 ? "1D " + std::to_string(cols) : "2D " + std::to_string(rows) + "x" + std::to_string(cols);
  return shape + " x" + std::to_string(batch) + " " + std::string(toString(precision)) + " " +
         std::string(toString(direction)) + " " + std::string(toString(twiddle)) + (real ? " real" : " complex");
}

std::filesystem::path Wisdom::defaultPath() {
  const std::filesystem::path folder = io::userCacheFolder();
  return folder.empty() ? folder : folder / "wisdom.json";
}

Wisdom Wisdom::load(const std::filesystem::path& path) {
  Wisdom w;
  w.path_ = path;
  try {
    std::optional<std::string> text = readCacheFile(path, kMaxFileBytes);
    if (!text) return w;
    return parse(path, *text);
  } catch (const std::exception& e) {
    w.problem_ = e.what();
  }
  return w;
}

Wisdom Wisdom::parse(const std::filesystem::path& path, const std::string& text) {
  Wisdom w;
  w.path_ = path;
  try {
    w.entries_ = readDocument(text);
  } catch (const std::exception& e) {
    w.problem_ = e.what();
    w.entries_.clear();
  }
  return w;
}

std::string Wisdom::warning() const {
  return usable() ? std::string() : "ignoring the wisdom file " + path_.string() + ": " + problem_;
}

const WisdomEntry* Wisdom::find(const WisdomKey& key) const {
  for (const WisdomEntry& e : entries_)
    if (e.key == key) return &e;
  return nullptr;
}

void Wisdom::remember(WisdomEntry entry) {
  entries_.erase(std::remove_if(entries_.begin(), entries_.end(), [&](const WisdomEntry& e) { return e.key == entry.key; }),
                 entries_.end());
  entries_.push_back(std::move(entry));
  if (entries_.size() > kMaxEntries) entries_.erase(entries_.begin(), entries_.end() - kMaxEntries);
}

std::string Wisdom::toJson() const {
  Json list = Json::array();
  for (const WisdomEntry& e : entries_) list.push_back(writeEntry(e));
  const Json document{{"format", kFormat}, {"version", kVersion}, {"entries", list}};
  return document.dump(1) + "\n";
}

void Wisdom::save() const {
  if (!usable())
    throw std::runtime_error("not writing over " + path_.string() + ": " + problem_ +
                             " (remove it, or choose another file with --wisdom)");
  const std::string text = toJson();
  if (text.size() > kMaxFileBytes)
    throw std::runtime_error("not writing " + path_.string() + ": its " + std::to_string(entries_.size()) +
                             " entries would take more than " + std::to_string(kMaxFileBytes) + " bytes");
  writeCacheFile(path_, text);
}

void Wisdom::record(const WisdomEntry& entry) {
  Wisdom current = load(path_);
  if (!current.usable()) {
    problem_ = current.problem_;
    save();  // throws, naming the problem
  }
  current.remember(entry);
  current.save();
  *this = std::move(current);
}

}  // namespace fftscope
