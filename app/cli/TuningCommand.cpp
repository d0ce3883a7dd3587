// fftscope-cli tuning: every setting (settings/SettingTable.h) with the value this run read,
// where the value came from, who sets it and what it does.
#include "Commands.h"
#include "settings/ProcessSettings.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <string>

namespace fftscope::cli {
namespace {

int runTuning(bool json) {
  const Settings& settings = processSettings();
  if (json) {
    nlohmann::ordered_json entries = nlohmann::ordered_json::array();
    for (const SettingEntry& e : settingTable())
      entries.push_back({{"name", e.name},
                         {"value", settings.text(e.name)},
                         {"source", sourceName(settings.source(e.name))},
                         {"who", setByName(e.who)},
                         {"type", typeName(e.type)},
                         {"default", e.defaultValue},
                         {"takes", expectedValue(e)},
                         {"description", e.description}});
    std::printf("%s\n", nlohmann::ordered_json{{"settings", entries}}.dump(2).c_str());
    return 0;
  }
  std::printf("%-32s %-10s %-12s %-11s %s\n", "NAME", "VALUE", "SOURCE", "WHO", "WHAT IT DOES");
  for (const SettingEntry& e : settingTable()) {
    const std::string& value = settings.text(e.name);
    std::printf("%-32s %-10s %-12s %-11s %s\n", std::string(e.name).c_str(), value.empty() ? "(unset)" : value.c_str(),
                std::string(sourceName(settings.source(e.name))).c_str(), std::string(setByName(e.who)).c_str(),
                std::string(e.description).c_str());
  }
  return 0;
}

}  // namespace

Command addTuningCommand(CLI::App& app) {
  CLI::App* command = app.add_subcommand(
      "tuning", "every FFTSCOPE_ setting: its value, where it came from (default or environment), who sets it, what it does");
  auto json = std::make_shared<bool>(false);
  command->add_flag("--json", *json, "print JSON");
  return {command, [json] { return runTuning(*json); }};
}

}  // namespace fftscope::cli
