#include "settings/Settings.h"

#include <charconv>
#include <stdexcept>

namespace fftscope {

std::string_view sourceName(SettingSource source) {
  switch (source) {
    case SettingSource::Default: return "default";
    case SettingSource::Environment: return "environment";
    case SettingSource::Given: return "given";
  }
  return "?";
}

Settings::Settings() {
  for (const SettingEntry& e : settingTable()) values_.push_back({std::string(e.defaultValue), SettingSource::Default});
}

std::size_t Settings::indexOf(std::string_view name) const {
  const SettingEntry* entry = findSetting(name);
  if (!entry) throw std::logic_error("no setting named " + std::string(name));
  return static_cast<std::size_t>(entry - settingTable().data());
}

std::string Settings::set(std::string_view name, std::string_view text, SettingSource source) {
  const std::size_t i = indexOf(name);
  const SettingEntry& entry = settingTable()[i];
  if (text.empty()) {
    values_[i] = {std::string(entry.defaultValue), SettingSource::Default};
    return "";
  }
  if (!validSettingValue(entry, text))
    return std::string(name) + "=" + std::string(text) + ": expected " + expectedValue(entry) + "; ignored";
  values_[i] = {std::string(text), source};
  return "";
}

const std::string& Settings::text(std::string_view name) const { return values_[indexOf(name)].text; }

SettingSource Settings::source(std::string_view name) const { return values_[indexOf(name)].source; }

bool Settings::flag(std::string_view name) const {
  const std::size_t i = indexOf(name);
  if (settingTable()[i].type != SettingType::Flag) throw std::logic_error(std::string(name) + " is not a flag");
  return values_[i].text == "1";
}

std::uint64_t Settings::number(std::string_view name) const {
  const std::size_t i = indexOf(name);
  const SettingType type = settingTable()[i].type;
  if (type != SettingType::Whole && type != SettingType::Bytes)
    throw std::logic_error(std::string(name) + " is not a number");
  const std::string& text = values_[i].text;
  std::uint64_t value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);  // validated when set
  return value;
}

}  // namespace fftscope
