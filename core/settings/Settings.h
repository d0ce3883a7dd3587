// The value of every setting in SettingTable.h, read once where a program starts
// (SettingsReader.h) and passed down, or installed for the process (ProcessSettings.h). Each
// records where its value came from. Asking for a name the table does not hold is a programming
// error (std::logic_error).
#pragma once

#include "settings/SettingTable.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope {

enum class SettingSource {
  Default,      // the table's default
  Environment,  // the variable of that name
  Given,        // set by the code that made the value (a test, a tool)
};
std::string_view sourceName(SettingSource source);

class Settings {
 public:
  Settings();  // every entry at its default

  // Sets an entry from text. A value the entry does not take leaves the entry as it was and
  // returns the problem ("FFTSCOPE_X=abc: expected ...; ignored"); "" when set. An empty text
  // leaves the default.
  std::string set(std::string_view name, std::string_view text, SettingSource source = SettingSource::Given);

  const std::string& text(std::string_view name) const;  // "" for an unset default
  SettingSource source(std::string_view name) const;
  // Whether anything other than the default set it: only then does a setting whose default is
  // the engine's own choice change what the engine does.
  bool isSet(std::string_view name) const { return source(name) != SettingSource::Default; }
  bool flag(std::string_view name) const;                // Flag: "1"
  std::uint64_t number(std::string_view name) const;     // Whole or Bytes; 0 where unset

  // What reading found wrong: bad values and unknown FFTSCOPE_ variables, one line each.
  const std::vector<std::string>& warnings() const { return warnings_; }
  void warn(std::string line) { warnings_.push_back(std::move(line)); }

 private:
  struct Value {
    std::string text;
    SettingSource source = SettingSource::Default;
  };
  std::size_t indexOf(std::string_view name) const;

  std::vector<Value> values_;  // in settingTable()'s order
  std::vector<std::string> warnings_;
};

}  // namespace fftscope
