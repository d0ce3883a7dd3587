// Every FFTSCOPE_ environment variable the programs read, as one table: its name, the values it
// takes, its default, what it does and who sets it. Settings.h holds the values read from it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace fftscope {

enum class SettingType {
  Flag,    // 0 or 1
  Choice,  // one of the words in `choices`
  Whole,   // a whole number from `least` to `most` (0 too where `orZero`), a power of two where asked
  Bytes,   // a whole number of bytes, with the same rules
  Text,    // free text: a path, a device selector, a list the engine parses
};

// Who sets it: a user of the programs; an experiment, to time an alternative against the
// planner's choice; or a test, to reach a path no input reaches.
enum class SetBy { User, Experiment, Test };

struct SettingEntry {
  std::string_view name;
  SettingType type;
  SetBy who;
  // As text; "" where the engine decides (the description says how), so that an unset variable
  // leaves the driver's facts and the planner's own choice in place.
  std::string_view defaultValue;
  std::string_view description;
  std::string_view choices = {};  // Choice: the words taken, separated by spaces
  std::uint64_t least = 0, most = 0;
  bool powerOfTwo = false;
  bool orZero = false;  // 0 is taken besides least..most
};

std::span<const SettingEntry> settingTable();
// The entry of that name, or nullptr.
const SettingEntry* findSetting(std::string_view name);

std::string_view typeName(SettingType type);
std::string_view setByName(SetBy who);
// What a value must look like, for messages: "a power of two from 32 to 1024".
std::string expectedValue(const SettingEntry& entry);
// Whether `text` is a value the entry takes.
bool validSettingValue(const SettingEntry& entry, std::string_view text);

}  // namespace fftscope
