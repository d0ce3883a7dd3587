#include "settings/SettingsReader.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <vector>

#include <unistd.h>

namespace fftscope {
namespace {

constexpr std::string_view kPrefix = "FFTSCOPE_";

std::size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string_view nearestSettingName(std::string_view name) {
  std::string_view nearest;
  std::size_t best = static_cast<std::size_t>(-1);
  for (const SettingEntry& e : settingTable())
    if (const std::size_t d = editDistance(name, e.name); d < best) {
      best = d;
      nearest = e.name;
    }
  return nearest;
}

Settings readSettings(std::span<const std::pair<std::string, std::string>> variables) {
  Settings settings;
  for (const auto& [name, value] : variables) {
    if (!name.starts_with(kPrefix)) continue;
    if (!findSetting(name)) {
      settings.warn(name + " is not a setting (did you mean " + std::string(nearestSettingName(name)) +
                    "? `fftscope-cli tuning` lists them); ignored");
      continue;
    }
    if (std::string problem = settings.set(name, value, SettingSource::Environment); !problem.empty())
      settings.warn(std::move(problem));
  }
  return settings;
}

Settings readSettingsFromEnvironment() {
  std::vector<std::pair<std::string, std::string>> variables;
  for (const SettingEntry& e : settingTable())
    if (const char* value = std::getenv(std::string(e.name).c_str())) variables.emplace_back(e.name, value);
  // Names the table does not hold, to warn of a misspelt one.
  for (char** entry = environ; entry && *entry; ++entry) {
    const std::string_view text(*entry);
    const std::string_view name = text.substr(0, text.find('='));
    if (name.starts_with(kPrefix) && !findSetting(name)) variables.emplace_back(std::string(name), "");
  }
  return readSettings(variables);
}

}  // namespace fftscope
