// Reading the settings where a program starts: the one place FFTSCOPE_ variables are read.
#pragma once

#include "settings/Settings.h"

#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace fftscope {

// From NAME=VALUE pairs (other names than FFTSCOPE_ ones are passed over): each known name sets
// its entry (source Environment); a bad value keeps the default and leaves a warning naming the
// variable and what it takes; an unknown FFTSCOPE_ name leaves a warning with the nearest known.
Settings readSettings(std::span<const std::pair<std::string, std::string>> variables);
// The same from this process's environment.
Settings readSettingsFromEnvironment();

// The known name nearest to `name` by edit distance.
std::string_view nearestSettingName(std::string_view name);

}  // namespace fftscope
