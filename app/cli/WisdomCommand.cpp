// fftscope-cli wisdom: what measuring stored (--list, the default) and forgetting it (--clear).
// A file that is not readable wisdom is named with its problem and never removed here: it may
// be something else the user keeps under that name.
#include "Commands.h"
#include "engine/planning/Wisdom.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <stdexcept>

namespace fftscope::cli {
namespace {

struct WisdomOptions {
  std::string path;
  bool list = false, clear = false, json = false;
};

std::filesystem::path wisdomPath(const WisdomOptions& o) {
  const std::filesystem::path path = o.path.empty() ? Wisdom::defaultPath() : std::filesystem::path(o.path);
  if (path.empty())
    throw std::invalid_argument("neither XDG_CACHE_HOME nor HOME is set: give the file with --wisdom FILE");
  return path;
}

int listWisdom(const Wisdom& w, bool json) {
  if (json) {
    nlohmann::ordered_json entries = nlohmann::ordered_json::array();
    for (const WisdomEntry& e : w.entries())
      entries.push_back({{"device", e.key.device}, {"driver", e.key.driver}, {"description", e.key.text()},
                         {"candidate", e.candidate}, {"ms", e.milliseconds}, {"measured", e.measured}});
    nlohmann::ordered_json document{{"file", w.path().string()}, {"entries", entries}};
    std::printf("%s\n", document.dump(2).c_str());
    return 0;
  }
  std::printf("%s: %zu measured plan%s\n", w.path().string().c_str(), w.entries().size(),
              w.entries().size() == 1 ? "" : "s");
  for (const WisdomEntry& e : w.entries())
    std::printf("  %-40s %-16s %10.4g ms  %s on %s (%s)\n", e.key.text().c_str(), e.candidate.c_str(), e.milliseconds,
                e.measured.c_str(), e.key.device.c_str(), e.key.driver.c_str());
  return 0;
}

int runWisdom(const WisdomOptions& o) {
  const std::filesystem::path path = wisdomPath(o);
  const Wisdom w = Wisdom::load(path);
  if (!w.usable())
    throw std::invalid_argument(path.string() + " is not wisdom this build can read: " + w.problem() +
                                (o.clear ? "; not removing it (remove it yourself if it is not needed)" : ""));
  if (!o.clear) return listWisdom(w, o.json);
  std::error_code error;
  if (!std::filesystem::exists(path, error)) {
    std::printf("%s: nothing to forget, there is no such file\n", path.string().c_str());
    return 0;
  }
  if (!std::filesystem::remove(path, error) || error)
    throw std::runtime_error("cannot remove " + path.string() + ": " + error.message());
  std::printf("%s: forgot %zu measured plan%s\n", path.string().c_str(), w.entries().size(),
              w.entries().size() == 1 ? "" : "s");
  return 0;
}

}  // namespace

Command addWisdomCommand(CLI::App& app) {
  CLI::App* command = app.add_subcommand("wisdom", "the plans `--plan measure` found fastest: list or forget them");
  auto o = std::make_shared<WisdomOptions>();
  command->add_option("--wisdom", o->path,
                      "the wisdom file (default: $XDG_CACHE_HOME/fftscope/wisdom.json or ~/.cache/fftscope/wisdom.json)");
  auto* list = command->add_flag("--list", o->list, "list the stored plans (the default)");
  command->add_flag("--clear", o->clear, "forget every stored plan (removes the file)")->excludes(list);
  command->add_flag("--json", o->json, "with --list: print JSON");
  return {command, [o] { return runWisdom(*o); }};
}

}  // namespace fftscope::cli
